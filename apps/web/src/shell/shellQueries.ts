import { graphql, type ResultOf, type VariablesOf } from '../lib/graphql';

/** An entity as the shell needs it (spec §3 Entity, plus the sidebar's visibility data; `viewerRole`:
 * the viewer's role here, which what the shell shows follows, packages/domain/src/permissions.ts). */
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
  }
`);

/**
 * `me.defaultEntityId`: where to land when no entity is remembered on this device: the one opened last
 * (OPEN_ENTITY_MUTATION), else the one with the most in its books.
 */
export type EntitiesResult = ResultOf<typeof ENTITIES_QUERY>;

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
export type HeaderVariables = VariablesOf<typeof HEADER_QUERY>;

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
    today
    serverFeatures {
      feature
      state
      notice
    }
  }
`,
  [ENTITY_FIELDS],
);

export type CreateEntityResult = ResultOf<typeof CREATE_ENTITY_MUTATION>;
export type CreateEntityVariables = VariablesOf<typeof CREATE_ENTITY_MUTATION>;

export const CREATE_ENTITY_MUTATION = graphql(`
  mutation CreateEntity($name: String!) {
    createEntity(name: $name) {
      id
      name
    }
  }
`);

/** Remembers on the server which entity the user opened, so the next sign-in lands there. */
export const OPEN_ENTITY_MUTATION = graphql(`
  mutation OpenEntity($entityId: ID!) {
    openEntity(entityId: $entityId)
  }
`);
