import { KeelError } from '../errors';

/** A mutation's answer with user-facing errors (spec §7 payloads): the result, or null and why not. */
export type Payload<T> = { errors: string[]; result: T | null };

/**
 * Runs a mutation's work and answers a refusal a person can act on (BAD_USER_INPUT) as the payload's
 * errors, so the screen can show the message; anything else (NOT_FOUND, FORBIDDEN, ...) is thrown.
 */
export async function userErrorPayload<T>(work: () => Promise<T>): Promise<Payload<T>> {
  try {
    return { errors: [], result: await work() };
  } catch (error) {
    if (error instanceof KeelError && error.code === 'BAD_USER_INPUT') {
      return { errors: [error.message], result: null };
    }
    throw error;
  }
}
