import { isAbaRoutingNumber } from '@keel/domain';
import { z } from 'zod';

// Input schemas shared by several endpoints.

export const nonEmpty = z.string().min(1);
export const optionalText = z.string().optional();
export const cents = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const isoDate = z.iso.date();
export const isoDateTime = z.iso.datetime({ offset: true });
export const notSimulated = z.never({ error: 'is not simulated' }).optional();
export const noBody = z.strictObject({});
export const looseObject = z.record(z.string(), z.unknown());

export const routingNumber = z
  .string()
  .refine(isAbaRoutingNumber, { message: 'must be a valid ABA routing number' });
export const noApproval = z
  .literal(false, { error: 'must be false (approvals are not simulated)' })
  .optional();
export const paymentEntries = z.array(z.strictObject({ payment_related_information: nonEmpty })).min(1);
