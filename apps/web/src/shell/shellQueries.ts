import { gql, type TypedDocumentNode } from '@apollo/client';

/** An entity as the shell needs it (spec §3 Entity, plus the sidebar's visibility data). */
export type ShellEntity = {
  id: string;
  name: string;
  demo: boolean;
  apiFlags: { qbo: boolean; finch: boolean };
  createdAt: string;
  updatedAt: string;
  hasKeelAccounts: boolean;
  /** The viewer's role here: what the shell shows follows it (packages/domain/src/permissions.ts). */
  viewerRole: string;
};

/** The signed-in user (spec §3 User / Me). */
export type Me = {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  otpModuleEnabled: boolean;
  otpMethod: 'app' | 'sms' | null;
  canOpenKeelAccounts: boolean;
  showFeatureFlags: boolean;
};

const ENTITY_FIELDS = gql`
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
`;

/**
 * `me.defaultEntityId`: where to land when no entity is remembered on this device: the one opened last
 * (OPEN_ENTITY_MUTATION), else the one with the most in its books.
 */
export type EntitiesResult = { entities: ShellEntity[]; me: { id: string; defaultEntityId: string | null } };

export const ENTITIES_QUERY: TypedDocumentNode<EntitiesResult, Record<string, never>> = gql`
  query Entities {
    me {
      id
      defaultEntityId
    }
    entities {
      ...ShellEntityFields
    }
  }
  ${ENTITY_FIELDS}
`;

export type HeaderResult = { me: Me; entities: ShellEntity[]; entity: ShellEntity; today: string };
export type HeaderVariables = { entityId: string };

/** Everything the shell shows around a page (spec §7 'Header(entityId)'). */
export const HEADER_QUERY: TypedDocumentNode<HeaderResult, HeaderVariables> = gql`
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
  }
  ${ENTITY_FIELDS}
`;

export type CreateEntityResult = { createEntity: { id: string; name: string } };
export type CreateEntityVariables = { name: string };

export const CREATE_ENTITY_MUTATION: TypedDocumentNode<CreateEntityResult, CreateEntityVariables> = gql`
  mutation CreateEntity($name: String!) {
    createEntity(name: $name) {
      id
      name
    }
  }
`;

/** Remembers on the server which entity the user opened, so the next sign-in lands there. */
export const OPEN_ENTITY_MUTATION: TypedDocumentNode<{ openEntity: boolean }, { entityId: string }> = gql`
  mutation OpenEntity($entityId: ID!) {
    openEntity(entityId: $entityId)
  }
`;
