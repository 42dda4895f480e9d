import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { BUILTIN_ABILITIES } from './builtinAbilities';

/**
 * assistantMode tells the panel who answers: Keel's built-in question reader on a server left at its
 * default (AI_PROVIDER=offline), the named model on one set to AI_PROVIDER=openai; both list what the
 * built-in reader understands. Only a signed-in person may ask.
 */

const ASSISTANT_MODE = '{ assistantMode { provider model understands } }';

type ModeAnswer = { assistantMode: { provider: string; model: string | null; understands: string[] } };

describe('assistantMode', () => {
  let builtin: TestApp;
  let model: TestApp;
  beforeAll(async () => {
    builtin = await createTestApp();
    model = await createTestApp({
      env: { AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test-key', OPENAI_MODEL: 'keel-test-model' },
    });
  });
  afterAll(async () => {
    await builtin?.close();
    await model?.close();
  });

  it('answers the built-in reader, no model, and what it understands on a default server', async () => {
    const { token } = await createSignedInUser(builtin, 'mode-builtin@keel.test');
    const answer = await builtin.graphql<ModeAnswer>(ASSISTANT_MODE, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.assistantMode).toEqual({
      provider: 'builtin',
      model: null,
      understands: [...BUILTIN_ABILITIES],
    });
  });

  it('lists every kind of question the reader answers, each with a quoted example', () => {
    expect(BUILTIN_ABILITIES).toHaveLength(7);
    for (const ability of BUILTIN_ABILITIES) expect(ability).toMatch(/^[A-Z][^:]+: "[^"]+"/);
    expect(BUILTIN_ABILITIES.join('\n')).toContain('"how much did we pay AWS last month"');
  });

  it('answers the model by its OPENAI_MODEL name when AI_PROVIDER is openai', async () => {
    const { token } = await createSignedInUser(model, 'mode-model@keel.test');
    const answer = await model.graphql<ModeAnswer>(ASSISTANT_MODE, {}, token);
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.assistantMode).toEqual({
      provider: 'model',
      model: 'keel-test-model',
      understands: [...BUILTIN_ABILITIES],
    });
  });

  it('refuses a caller who is not signed in, or whose token is unknown', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const answer = await builtin.graphql<ModeAnswer>(ASSISTANT_MODE, {}, token);
      expect(answer.data?.assistantMode ?? null).toBeNull();
      expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    }
  });
});
