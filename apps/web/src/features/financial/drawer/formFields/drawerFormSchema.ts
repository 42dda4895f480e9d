import { entryMemoSchema, entryNameSchema } from '@keel/domain';
import { z } from 'zod';

/**
 * The fields the Entry and Forecast forms share: each form extends it with its own figures and dates.
 * Name and memo are optional; the against account must be chosen ('' while none is).
 */
export const drawerFormSchema = z.object({
  name: entryNameSchema,
  memo: entryMemoSchema,
  againstId: z.string().min(1, 'Against account is required'),
});
