import { graphql, type ResultOf } from '../lib/graphql';

/** An entity as the shell needs it (spec §3 Entity, plus the sidebar's visibility data; `viewerRole`:
 * the viewer's role here, which what the shell shows follows, packages/domain/src/permissions.ts;
 * `timeZone`: the company's IANA zone, whose days and months the company's screens follow — with the
 * domain's `dayIn(entity.timeZone, new Date())`; `today`: the company's day by the server's clock). */
export type ShellEntity = ResultOf<typeof ENTITY_FIELDS>;

/** The signed-in user (spec §3 User / Me); `otpMethod` is 'app', 'sms' or null. */
export type Me = HeaderResult['me'];

const ENTITY_FIELDS = graphql(`
  fragment ShellEntityFields on Entity {
    id
    name
    demo
    apiFlags {
      qbo
      finch
    }
    createdAt
    updatedAt
    hasKeelAccounts
    viewerRole
    timeZone
    today
  }
`);

/**
 * `me.defaultEntityId`: where to land when no entity is remembered on this device: the one opened last
 * (OPEN_ENTITY_MUTATION), else the one with the most in its books.
 */
export const ENTITIES_QUERY = graphql(
  `
  query Entities {
    me {
      id
      defaultEntityId
    }
    entities {
      ...ShellEntityFields
    }
  }
`,
  [ENTITY_FIELDS],
);

export type HeaderResult = ResultOf<typeof HEADER_QUERY>;

/**
 * Everything the shell shows around a page (spec §7 'Header(entityId)'), and which vendor features the
 * server offers (serverFeatures), which pages read through ServerFeaturesContext.
 */
export const HEADER_QUERY = graphql(
  `
  query Header($entityId: ID!) {
    me {
      id
      name
      email
      phoneNumber
      otpModuleEnabled
      otpMethod
      canOpenKeelAccounts
      showFeatureFlags
    }
    entities {
      ...ShellEntityFields
    }
    entity(id: $entityId) {
      ...ShellEntityFields
    }
    serverFeatures {
      feature
      state
      notice
    }
  }
`,
  [ENTITY_FIELDS],
);

export const CREATE_ENTITY_MUTATION = graphql(`
  mutation CreateEntity($name: String!, $timeZone: String) {
    createEntity(name: $name, timeZone: $timeZone) {
      id
      name
      timeZone
    }
  }
`);

/** Changes the company's time zone (owners and admins); the shell's entity reads the new one. */
export const SET_ENTITY_TIME_ZONE_MUTATION = graphql(`
  mutation SetEntityTimeZone($entityId: ID!, $timeZone: String!) {
    setEntityTimeZone(entityId: $entityId, timeZone: $timeZone) {
      id
      timeZone
      today
      updatedAt
    }
  }
`);

/** Remembers on the server which entity the user opened, so the next sign-in lands there. */
export const OPEN_ENTITY_MUTATION = graphql(`
  mutation OpenEntity($entityId: ID!) {
    openEntity(entityId: $entityId)
  }
`);
