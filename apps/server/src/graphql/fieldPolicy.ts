import type { Capability } from '@keel/domain';

/**
 * Who may call a root field: 'viewer', any signed-in user (their own data: me, entities, a new
 * entity); or a capability (packages/domain/src/permissions.ts) the viewer's role must grant in the
 * entity the field names, through `ctx.requireEntity` or the row guards of guardLedgerRow.ts. Every
 * root field declares it; the authorization matrix test (test/authorizationMatrix.test.ts) calls each
 * field as every kind of caller and checks the answer against it.
 */
export type FieldAccess = 'viewer' | Capability;

type FieldPolicy = {
  access: FieldAccess;
  /**
   * The field's weight in operationCost.ts, for fields that do far more database work than reading a
   * value (a report, a search with its count, a bulk move); 1 when absent.
   */
  cost?: number;
};

/** A root field's policy, as Pothos field options: `...fieldPolicy({ access: 'read' })`. */
export const fieldPolicy = (policy: FieldPolicy) => ({ extensions: policy });
