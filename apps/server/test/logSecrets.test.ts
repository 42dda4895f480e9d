import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWithToken, postForm, postJson, uniqueEmail } from './authKit';
import {
  APPLY,
  applicant,
  applicantAddress,
  type BankAccountView,
  deposit,
  runBankMirror,
} from './bankingTestKit';
import { type CardView, CREATE_CARD, REVEAL_TOKEN, type RevealTokenView, revealByRest } from './cardsTestKit';
import { createTestApp, type TestApp } from './harness';
import { captureLog } from './observabilityTestKit';
import { CREATE_INVITE, inviteTokenIn } from './teamTestKit';

/**
 * The rule of the whole product: no token, password or email address in any log line. This drives
 * the flows that hand out secrets (sign-up and its confirmation link, sign-in, a password reset by its link, an invitation
 * accepted by its token, a statement downloaded with a file token and the spent link opened again, a
 * card revealed with a reveal token in the header and another refused in the URL) with the server
 * logging everything it can (trace), then searches the whole log for every secret issued or sent.
 */

const log = captureLog();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace', APP_URL: 'https://app.keel.test' },
    logStream: log.stream,
  });
});
afterAll(() => t.close());

/** Every secret the flows issued or sent, by what it is. */
const secrets = new Map<string, string>();
function remember(what: string, value: string | null | undefined): string {
  if (!value) throw new Error(`No ${what}`);
  secrets.set(what, value);
  return value;
}

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const result = await t.graphql<T>(query, variables, token);
  if (!result.data) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

/** The newest message the sandbox sent to the address (asked for as the browser tests do). */
async function mailTo(email: string): Promise<string> {
  await t.app.backgroundTasks.drain();
  const response = await getWithToken(t, `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const body = response.json<{ messages: { body: string }[] }>().messages[0]?.body;
  if (!body) throw new Error(`No mail to ${email}`);
  return body;
}

/** Opens a link of an email as a browser would: the path and query of it, on this server. */
const open = (link: string) => {
  const url = new URL(link);
  return t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { accept: 'text/html' },
  });
};

describe('the log', () => {
  it('holds no token, password or email address issued or sent by the sign-in, invitation, download and reveal flows', async () => {
    t.clock.set(new Date('2026-09-09T15:00:00.000Z'));

    // Sign-up, a wrong password, a sign-in, an OAuth token and its revocation.
    const email = remember('owner email', uniqueEmail('owner'));
    const password = remember('owner password', 'correct horse battery staple');
    const signedUp = await postJson(t, '/api/v1/users', { user: { email, password, name: 'Ada Lovelace' } });
    expect(signedUp.statusCode).toBe(202);
    // The emailed confirmation link, opened, then used with the password.
    const confirmLink = /(https:\S+)/.exec(await mailTo(email))?.[1] ?? '';
    const confirmToken = remember('email confirmation token', new URL(confirmLink).searchParams.get('token'));
    await open(confirmLink);
    const confirmed = await postJson(t, '/api/v1/auth/verification/confirm', {
      email,
      token: confirmToken,
      password,
    });
    let token = remember(
      'sign-up access token',
      confirmed.json<{ auth: { access_token: string } }>().auth.access_token,
    );
    remember('wrong password', 'not the password at all');
    const refused = await postJson(t, '/api/v1/auth/login', { email, password: 'not the password at all' });
    expect(refused.statusCode).toBe(401);
    const oauth = await postForm(t, '/oauth/token', { grant_type: 'password', email, password });
    const oauthToken = remember('OAuth access token', oauth.json<{ access_token: string }>().access_token);
    expect((await postJson(t, '/oauth/revoke', { token: oauthToken })).statusCode).toBe(200);

    // A company with a deposit account (the applicant's email is one more address).
    const created = await postJson(
      t,
      '/api/v1/entities',
      { name: 'Secretive Co' },
      { headers: { authorization: `Bearer ${token}` } },
    );
    const entityId = created.json<{ entity: { id: string } }>().entity.id;
    const applicantEmail = remember('applicant email', uniqueEmail('applicant'));
    const applied = await gql<{ createTprimeApplication: { account: BankAccountView } }>(
      APPLY,
      { e: entityId, p: applicant({ email: applicantEmail }), a: applicantAddress, ack: true },
      token,
    );
    const account = applied.createTprimeApplication.account;
    await deposit(t, account.id, 3_000_000, '2026-09-10');

    // A password reset: asked for, its link opened, the new password set with its token.
    expect((await postJson(t, '/api/v1/auth/password/new', { email })).statusCode).toBe(200);
    const resetLink = /(https:\S+)/.exec(await mailTo(email))?.[1] ?? '';
    const resetToken = remember('reset token', new URL(resetLink).searchParams.get('token'));
    await open(resetLink);
    const newPassword = remember('new password', 'a brand new password');
    const reset = await postJson(t, '/api/v1/auth/password/update', {
      email,
      token: resetToken,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);

    // An invitation, its link opened, and the sign-up that accepts it.
    const login = await postJson(t, '/api/v1/auth/login', { email, password: newPassword });
    token = remember(
      'sign-in access token',
      login.json<{ auth: { access_token: string } }>().auth.access_token,
    );
    const inviteeEmail = remember('invitee email', uniqueEmail('invitee'));
    await gql(
      CREATE_INVITE,
      { e: entityId, f: 'Grace', l: 'Hopper', m: inviteeEmail, r: 'bookkeeper' },
      token,
    );
    const invitation = await mailTo(inviteeEmail);
    const inviteToken = remember('invitation token', inviteTokenIn(invitation));
    await open(/(https:\S+)/.exec(invitation)?.[1] ?? '');
    const inviteePassword = remember('invitee password', 'another long enough password');
    const joined = await postJson(
      t,
      '/api/v1/users',
      {
        user: {
          email: inviteeEmail,
          password: inviteePassword,
          name: 'Grace Hopper',
          invite_token: inviteToken,
        },
      },
      { remoteAddress: '10.20.30.40' },
    );
    expect(joined.json<{ invitation?: { entity_id: string } }>().invitation?.entity_id).toBe(entityId);
    remember('invitee access token', joined.json<{ auth: { access_token: string } }>().auth.access_token);

    // October's statement, downloaded with a file token (two months on: signed in again).
    t.clock.set(new Date('2026-11-18T15:00:00.000Z'));
    await runBankMirror(t, entityId);
    const again = await postJson(t, '/api/v1/auth/login', { email, password: newPassword });
    token = remember(
      'later access token',
      again.json<{ auth: { access_token: string } }>().auth.access_token,
    );
    const issued = await getWithToken(t, `/api/v1/file_tokens?entity_id=${entityId}`, token);
    const fileToken = remember('file token', issued.json<{ token: string }>().token);
    const statementLink = `/api/v1/account/statement?account_id=${account.id}&month=2026-10&token=${fileToken}`;
    const statement = await t.app.inject({ method: 'GET', url: statementLink });
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    // The link again: its token is spent, and the refusal logs it no more than the download did.
    expect((await t.app.inject({ method: 'GET', url: statementLink })).statusCode).toBe(401);

    // A card revealed with a reveal token sent as the header; another, sent in the URL, refused.
    const card = (
      await gql<{ createTprimeCard: CardView }>(CREATE_CARD, { a: account.id, k: 'virtual' }, token)
    ).createTprimeCard;
    for (const via of ['header', 'query'] as const) {
      const revealToken = (
        await gql<{ createCardRevealToken: RevealTokenView }>(REVEAL_TOKEN, { id: card.id }, token)
      ).createCardRevealToken.token;
      remember(`reveal token (${via})`, revealToken);
      const revealed = await revealByRest(t, card.id, { bearer: token, token: revealToken, via });
      expect(revealed.statusCode).toBe(via === 'header' ? 200 : 401);
      if (via === 'header') {
        remember('card number', revealed.json<{ primary_account_number: string }>().primary_account_number);
      }
    }

    await t.app.backgroundTasks.drain();
    const text = log.text();
    // The log is there: one line per request at least.
    expect(log.lines().filter((line) => line.msg === 'request completed').length).toBeGreaterThan(20);
    const found = [...secrets].filter(
      ([, value]) => text.includes(value) || text.includes(encodeURIComponent(value)),
    );
    expect(found.map(([what]) => what)).toEqual([]);
    // No address at all, of these flows or any other.
    expect(text).not.toMatch(/[\w.+-]+(@|%40)[\w-]+\.[\w.-]+/);
  });
});
