import { existsSync, readFileSync } from 'node:fs';
import { call, check, step, waitUntil } from './smokeClient';

type StopUnderLoadOptions = {
  proxy: string;
  /** Server A's own address (its /readyz is asked there, not through nginx). */
  serverUrl: string;
  pid: number;
  /** Where the smoke script writes `<exit code> <epoch ms>` once server A has exited. */
  exitFile: string;
  /** Server A's SHUTDOWN_TIMEOUT_MS. */
  timeoutMs: number;
  /** Server B as nginx names it in $upstream_addr (host:port). */
  otherServer: string;
  /** Books `amount` cents through nginx; answers which server(s) nginx tried. */
  book(amount: number): Promise<string | null>;
  /** The booked account's figure this month, through nginx. */
  readFigure(): Promise<{ figure: number; upstream: string | null }>;
  /** The account's figure before this phase. */
  bookedBefore: number;
  /** Marks server A down in nginx's upstream and reloads nginx (the operator's step before a stop). */
  takeOutOfProxy(): void;
};

type Outcome = { ok: boolean; upstream: string | null; error?: string };

const LOAD_BOOKING = 100;

/** The server that answered: the last of the ones nginx tried ('A, B' when A refused and B answered). */
const answeredBy = (upstream: string | null) => upstream?.split(',').at(-1)?.trim() ?? 'unknown';

/** How long server A serves through nginx after the signal before it is taken out of the upstream. */
const SERVED_BEFORE_REMOVAL_MS = 500;

/**
 * Stops server A in the middle of traffic, as a rolling upgrade does: SIGTERM, then its own /readyz
 * must turn 503 while requests keep flowing through nginx (bookings and Report reads, one after the
 * other) and every one of them must succeed, whichever server answers; A must exit 0 within its
 * SHUTDOWN_TIMEOUT_MS, and B must carry on alone with every booking made meanwhile in its figures.
 *
 * Half a second into A's SHUTDOWN_DELAY_MS, A is taken out of nginx's upstream (marked down, nginx
 * reloaded), as a load balancer reading /readyz would do by itself and as docs/deploying.md tells an
 * operator of nginx's open-source edition to do. Without that step nginx keeps connecting to A until
 * its listener closes, and a connection the kernel completed an instant before the close, not yet taken
 * by the server, is reset with nginx's request in it: nginx answers that POST 502 (it does not resend a
 * POST it has sent) — one request in 138, once in a few runs.
 */
export async function stopServerUnderLoad(options: StopUnderLoadOptions): Promise<void> {
  const outcomes: Outcome[] = [];
  let booked = 0;
  let exited = false;
  const signalledAt = Date.now();
  process.kill(options.pid, 'SIGTERM');

  const load = (async () => {
    for (let turn = 0; !exited; turn += 1) {
      try {
        if (turn % 2 === 0) {
          const upstream = await options.book(LOAD_BOOKING);
          booked += LOAD_BOOKING;
          outcomes.push({ ok: true, upstream });
        } else {
          outcomes.push({ ok: true, upstream: (await options.readFigure()).upstream });
        }
      } catch (error) {
        outcomes.push({
          ok: false,
          upstream: null,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  })();

  try {
    await step('SIGTERM server A: its /readyz answers 503 while it still serves', async () => {
      const waited = await waitUntil(
        "server A's /readyz turning 503",
        async () => (await call('GET', `${options.serverUrl}/readyz`)).status === 503,
        5_000,
        25,
      );
      return { detail: `503 ${Math.round(waited)} ms after the signal` };
    });

    await step('nginx takes server A out of its upstream during its delay', async () => {
      const wait = SERVED_BEFORE_REMOVAL_MS - (Date.now() - signalledAt);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const before = outcomes.length;
      options.takeOutOfProxy();
      return { detail: `${Date.now() - signalledAt} ms after the signal, after ${before} requests` };
    });

    await step('server A exits 0 within its SHUTDOWN_TIMEOUT_MS', async () => {
      await waitUntil('server A exiting', () => existsSync(options.exitFile), options.timeoutMs + 5_000, 100);
      const [code, at] = readFileSync(options.exitFile, 'utf8').trim().split(' ').map(Number);
      const took = (at ?? Number.NaN) - signalledAt;
      check(code === 0, `server A exited with code ${code}`);
      check(took <= options.timeoutMs, `server A took ${took} ms, past its ${options.timeoutMs} ms deadline`);
      return { detail: `exit 0, ${took} ms after SIGTERM` };
    });
  } finally {
    exited = true;
    await load;
  }

  await step('every request through nginx succeeded while server A stopped', async () => {
    const failed = outcomes.filter((outcome) => !outcome.ok);
    check(failed.length === 0, `${failed.length} of ${outcomes.length} failed, first: ${failed[0]?.error}`);
    const byA = outcomes.filter((outcome) => answeredBy(outcome.upstream) !== options.otherServer).length;
    const retried = outcomes.filter((outcome) => outcome.upstream?.includes(',')).length;
    check(byA > 0, 'server A answered nothing after the signal: it should serve through SHUTDOWN_DELAY_MS');
    return {
      detail: `${outcomes.length} requests: ${byA} answered by A during its delay, ${outcomes.length - byA} by B (${retried} retried on B after A refused the connection)`,
    };
  });

  await step('server B carries on alone, with every booking made meanwhile', async () => {
    for (let request = 0; request < 4; request += 1) {
      const upstream = await options.book(LOAD_BOOKING);
      booked += LOAD_BOOKING;
      check(answeredBy(upstream) === options.otherServer, `answered by ${upstream}, not B`);
    }
    const { figure, upstream } = await options.readFigure();
    check(answeredBy(upstream) === options.otherServer, `the Report was answered by ${upstream}, not B`);
    check(
      figure === options.bookedBefore + booked,
      `the Report shows ${figure}, not ${options.bookedBefore} + ${booked} booked`,
    );
    return { detail: `the Report shows ${figure} cents: nothing lost, nothing booked twice` };
  });
}
