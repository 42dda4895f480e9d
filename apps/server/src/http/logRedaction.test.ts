import { DrizzleQueryError } from 'drizzle-orm/errors';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pathOf, scrubLogText, serializeLogError } from './logRedaction';

/** What the error serializer and the scrubbing keep out of the log, on errors built as drivers build them. */

const TOKEN = 'Q2hhbmdlTWUtNDMtY2hhcnMtbG9uZy1yYW5kb20tdG9r';

/** A node-postgres DatabaseError as the driver makes it: its fields set one by one. */
function pgError(message: string, fields: Record<string, string>): Error {
  const error = new Error(message);
  error.name = 'error';
  Object.assign(error, { severity: 'ERROR', ...fields });
  return error;
}

describe('serializeLogError', () => {
  it("keeps a failed statement's text and drops its parameters, from the message, the stack and the fields", () => {
    const cause = pgError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=(ada@example.com) already exists.',
      where: 'SQL statement "INSERT INTO users VALUES (\'ada@example.com\')"',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ada@example.com', TOKEN],
      cause,
    );
    const serialized = serializeLogError(error);
    const text = JSON.stringify(serialized);
    expect(serialized.message).toBe(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
    );
    expect(serialized.stack).toMatch(/^ {4}at /);
    expect(serialized.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_email_key"',
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      severity: 'ERROR',
    });
    expect(text).not.toContain('ada@example.com');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toMatch(/params|detail|already exists|SQL statement/);
  });

  it("keeps a GraphQL error's path and code, and follows its original error", () => {
    const original = new Error(`Failed query: select 1\nparams: ${TOKEN}`);
    const error = new GraphQLError(original.message, {
      path: ['createUserTransaction'],
      originalError: original,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    const serialized = serializeLogError(error);
    expect(serialized).toMatchObject({
      type: 'GraphQLError',
      message: 'Failed query: select 1',
      path: 'createUserTransaction',
      code: 'INTERNAL_SERVER_ERROR',
      cause: { type: 'Error', message: 'Failed query: select 1' },
    });
    expect(JSON.stringify(serialized)).not.toContain(TOKEN);
  });

  it('writes what is thrown that is not an error by its type only, a string scrubbed', () => {
    expect(serializeLogError({ password: 'hunter2' })).toEqual({ type: 'object', message: '', stack: '' });
    expect(serializeLogError('could not mail ada@example.com')).toEqual({
      type: 'string',
      message: 'could not mail [email]',
      stack: '',
    });
  });
});

describe('scrubLogText', () => {
  it('takes out email addresses and token-like runs, and leaves ids and SQL names', () => {
    const id = '8558e9f1-ca6e-4e5b-b709-650ea9dfb8f1';
    expect(
      scrubLogText(
        `Variable "$e" got invalid value "ada.lovelace+keel@mail.example.co.uk"; token ${TOKEN}; id ${id}`,
      ),
    ).toBe(`Variable "$e" got invalid value "[email]"; token [redacted]; id ${id}`);
    expect(scrubLogText('check constraint "keel_account_entries_from_bank"')).toBe(
      'check constraint "keel_account_entries_from_bank"',
    );
    expect(scrubLogText('access-sandbox-0f3a9c2b7d1e4f5a6b8c9d0e1f2a3b4c5d')).toBe('[redacted]');
  });

  it('logs a path without its query string or fragment', () => {
    expect(pathOf(`/password/update?email=ada%40example.com&token=${TOKEN}`)).toBe('/password/update');
    expect(pathOf('/signup#invite')).toBe('/signup');
    expect(pathOf(`/files/${TOKEN}`)).toBe('/files/[redacted]');
  });
});
