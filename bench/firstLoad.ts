/**
 * First load in Chromium: the real server (the demo seed on a scratch PGlite
 * directory, a free local port) serving a built web app, and Debian's Chromium measuring, over `runs`
 * page loads each:
 * - /login usable: navigation start to the sign-in form on screen (its password field and button);
 * - cold /financial: a fresh browser context (empty HTTP cache) of a returning user (the token, the
 *   selected company and the cookie choice in local storage, as a previous visit leaves them), from
 *   navigation start to the report grid's first row painted and to the summary cards' figures painted;
 * - warm /financial: the same context loading the page again (assets from the HTTP cache);
 * - the JavaScript /login downloads: bytes on the wire (compressed) and decoded, from Resource Timing.
 *
 * It builds nothing: build the web app first (`npm run build -w apps/web`), or point `web-dist` at a
 * build elsewhere.
 *
 *   npm run bench -- first-load [runs=10] [web-dist=apps/web/dist[,other/dist...]] [today=YYYY-MM-DD]
 *
 * Several builds (comma-separated) are measured in turns, each served by a server of its own on the
 * same database: a before/after comparison on a shared machine. FIRST_LOAD_TIMELINE=1 prints the
 * requests of each load, in start order.
 *
 * 'Painted' is the frame after the element enters the DOM (an animation frame, then a task: the
 * paint of that frame has happened). The server runs in this process, as in the grid benchmark.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { fixedDayClock } from '../apps/server/src/clock';
import { readConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import { openScratchPglite } from '../apps/server/src/db/openScratchDatabase';
import { DEMO_COMPANY_NAME, DEMO_OWNER } from '../apps/server/src/demo/demoUsers';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seedDemo';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { createProviders } from '../apps/server/src/providers/create';
import { STORAGE_KEYS } from '../apps/web/src/lib/storageKeys';
import { BENCH_PRODUCTION_ENV } from './demoServer';
import { describeMachine } from './scratchDatabases';
import { formatMs, percentile } from './stats';

type FirstLoadBenchOptions = {
  runs: number;
  /**
   * The built web apps to serve, each by a server of its own; with several, their runs take turns
   * (A, B, A, B...), so a shared machine's changing load falls on each alike.
   */
  webDists: string[];
  /** The server's fixed day; the machine's (UTC) by default, so the browser's clock agrees with it. */
  today: string;
};

export const DEFAULT_FIRST_LOAD_BENCH: FirstLoadBenchOptions = {
  runs: 10,
  webDists: [resolve(import.meta.dirname, '../apps/web/dist')],
  today: new Date().toISOString().slice(0, 10),
};

const CHROMIUM = '/usr/bin/chromium';
const VIEWPORT = { width: 1440, height: 900 };

/** What the page marks (performance.mark) when each element is first painted. */
const PAINT_MARKS = {
  'first-load:login-form': 'form input[type="password"]',
  'first-load:grid-row': '[data-testid="report-grid"] [data-testid="report-row"]',
  'first-load:cards': '[data-testid="summary-cards"] [data-testid="starting-balance-latest"]',
} as const;
type PaintMark = keyof typeof PAINT_MARKS;

type JsBytes = { files: number; encoded: number; decoded: number; names: string[] };

/** One build's samples. */
type BuildFigures = {
  webDist: string;
  origin: string;
  loginUsable: number[];
  loginJs?: JsBytes;
  cold: { grid: number[]; cards: number[] };
  warm: { grid: number[]; cards: number[] };
  warmAssetRequests: number;
};

export async function runFirstLoadBenchmark(options: FirstLoadBenchOptions): Promise<void> {
  const webDists = options.webDists.map((webDist) => resolve(webDist));
  for (const webDist of webDists) {
    if (!existsSync(resolve(webDist, 'index.html')))
      throw new Error(`No built web app in ${webDist}: run \`npm run build -w apps/web\` first.`);
  }
  if (!existsSync(CHROMIUM)) throw new Error('Debian chromium is missing: apt-get install -y chromium');
  console.log(`\n== First load in Chromium: ${options.runs} runs each, web app from ${webDists.join(', ')}`);
  console.log(describeMachine());

  const database = await openScratchPglite('keel-bench-first-load');
  const clock = fixedDayClock(options.today);
  const apps: FastifyInstance[] = [];
  let browser: Browser | undefined;
  try {
    await seedDemoIfEmpty(database.db, clock);
    const owner = await firstRow<{ id: string }>(
      database.db,
      sql`SELECT id FROM users WHERE email = ${DEMO_OWNER.email}`,
    );
    const entity = await firstRow<{ id: string }>(
      database.db,
      sql`SELECT id FROM entities WHERE name = ${DEMO_COMPANY_NAME}`,
    );
    const { token } = await issueAccessToken(database.db, clock, owner.id, 24);
    const builds: BuildFigures[] = [];
    for (const webDist of webDists) {
      const config = readConfig({
        ...BENCH_PRODUCTION_ENV,
        LOG_LEVEL: 'silent',
        WEB_DIST: webDist,
      });
      const app = await buildApp({
        db: database.db,
        config,
        clock,
        providers: createProviders(config, database.db),
      });
      apps.push(app);
      builds.push({
        webDist,
        origin: await app.listen({ port: 0, host: '127.0.0.1' }),
        loginUsable: [],
        cold: { grid: [], cards: [] },
        warm: { grid: [], cards: [] },
        warmAssetRequests: 0,
      });
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });

    const visitor = { [STORAGE_KEYS.cookieConsent]: consentChoice() };
    const returningUser = {
      ...visitor,
      [STORAGE_KEYS.authToken]: JSON.stringify(token),
      [STORAGE_KEYS.appState]: JSON.stringify({ selectedEntityId: entity.id }),
    };

    // One untimed pass warms the server (its report cache, the database's pages) and Chromium's binary.
    for (const build of builds) {
      await measureLogin(browser, build.origin, visitor);
      await measureFinancial(browser, build.origin, returningUser);
    }
    for (let run = 0; run < options.runs; run++) {
      for (const build of builds) {
        const measured = await measureLogin(browser, build.origin, visitor);
        build.loginUsable.push(measured.usable);
        build.loginJs = measured.js;
      }
    }
    for (let run = 0; run < options.runs; run++) {
      for (const build of builds) {
        const measured = await measureFinancial(browser, build.origin, returningUser);
        build.cold.grid.push(measured.cold.grid);
        build.cold.cards.push(measured.cold.cards);
        build.warm.grid.push(measured.warm.grid);
        build.warm.cards.push(measured.warm.cards);
        build.warmAssetRequests = measured.warmAssetRequests;
      }
    }
    printFigures(builds);
  } finally {
    await browser?.close();
    for (const app of apps) await app.close();
    await database.close();
  }
}

/** A table of p50 and p90 per build, then what /login downloads and what a warm load asks again. */
function printFigures(builds: BuildFigures[]): void {
  const metrics: [string, (build: BuildFigures) => number[]][] = [
    ['/login usable', (build) => build.loginUsable],
    ['cold /financial grid painted', (build) => build.cold.grid],
    ['cold /financial cards painted', (build) => build.cold.cards],
    ['warm /financial grid painted', (build) => build.warm.grid],
    ['warm /financial cards painted', (build) => build.warm.cards],
  ];
  const column = (text: string) => text.padStart(19);
  console.log();
  builds.forEach((build, index) => {
    console.log(`  [${index + 1}] ${build.webDist}`);
  });
  console.log(
    `  ${'from navigation start'.padEnd(30)}${builds.map((_, index) => column(`[${index + 1}] p50 / p90`)).join('')}`,
  );
  for (const [label, samplesOf] of metrics) {
    const cells = builds.map((build) => {
      const sorted = [...samplesOf(build)].sort((a, b) => a - b);
      return column(`${formatMs(percentile(sorted, 50))} / ${formatMs(percentile(sorted, 90))}`);
    });
    console.log(`  ${label.padEnd(30)}${cells.join('')}`);
  }
  builds.forEach((build, index) => {
    const js = build.loginJs;
    if (js) {
      console.log(
        `\n  [${index + 1}] /login JavaScript: ${js.files} files, ${formatKb(js.encoded)} on the wire, ` +
          `${formatKb(js.decoded)} decoded`,
      );
      console.log(`      ${js.names.join(' ')}`);
    }
    console.log(
      `  [${index + 1}] warm /financial: ${build.warmAssetRequests} script/style requests reached the server (revalidations)`,
    );
  });
}

/** Opens /login in a fresh context: when its form is usable, and the JavaScript it downloaded. */
async function measureLogin(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<{ usable: number; js: JsBytes }> {
  const context = await newContext(browser, storage);
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    const usable = await waitForMark(page, 'first-load:login-form');
    if (process.env.FIRST_LOAD_TIMELINE)
      console.log(`  /login usable at ${usable.toFixed(0)} ms\n${await readTimeline(page)}`);
    // Whatever the page fetches once shown (lazy chunks) counts too.
    await page.waitForLoadState('networkidle');
    const js = await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => entry.name.endsWith('.js'))
        .map((entry) => entry as PerformanceResourceTiming);
      return {
        files: scripts.length,
        encoded: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        decoded: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        names: scripts.map((entry) => new URL(entry.name).pathname.replace('/assets/', '')),
      };
    });
    return { usable, js };
  } finally {
    await context.close();
  }
}

/** Opens /financial in a fresh context (cold), then again in the same context (warm). */
async function measureFinancial(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
): Promise<{
  cold: { grid: number; cards: number };
  warm: { grid: number; cards: number };
  warmAssetRequests: number;
}> {
  const context = await newContext(browser, storage);
  try {
    const page = await context.newPage();
    const load = async () => {
      await page.goto(`${origin}/financial`);
      const grid = await waitForMark(page, 'first-load:grid-row');
      const cards = await waitForMark(page, 'first-load:cards');
      return { grid, cards };
    };
    const cold = await load();
    if (process.env.FIRST_LOAD_TIMELINE) console.log(await readTimeline(page));
    const warm = await load();
    // Assets answered from the HTTP cache have no transfer; a revalidation (304) has its headers'.
    const warmAssetRequests = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => /\.(js|css)$/.test(entry.name) && entry.transferSize > 0).length,
    );
    return { cold, warm, warmAssetRequests };
  } finally {
    await context.close();
  }
}

/** A browser context with `storage` in local storage and the paint marks watched from the first byte. */
async function newContext(browser: Browser, storage: Record<string, string>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
  // functions sent to the page need it there too (a string, so esbuild leaves it alone).
  await context.addInitScript('globalThis.__name = (fn) => fn');
  await context.addInitScript(
    ({ storage, marks }) => {
      for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      const pending = new Map(Object.entries(marks));
      const check = () => {
        for (const [name, selector] of pending) {
          if (!document.querySelector(selector)) continue;
          pending.delete(name);
          // The frame that shows the element, then a task: that frame has been painted.
          requestAnimationFrame(() => setTimeout(() => performance.mark(name), 0));
        }
        if (pending.size === 0) observer.disconnect();
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true });
    },
    { storage, marks: PAINT_MARKS },
  );
  return context;
}

/** Milliseconds from navigation start to the mark, once the page has made it. */
async function waitForMark(page: Page, name: PaintMark): Promise<number> {
  const handle = await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark)[0]?.startTime,
    name,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** The page's requests in start order (FIRST_LOAD_TIMELINE=1 prints the cold load's): where the waits are. */
async function readTimeline(page: Page): Promise<string> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .map((entry) => ({
        name: new URL(entry.name).pathname.replace('/assets/', ''),
        start: entry.startTime,
        end: entry.responseEnd,
        bytes: entry.encodedBodySize,
      })),
  );
  const navigation = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry
      ? `    document ${entry.responseEnd.toFixed(0)} ms, DOMContentLoaded ${entry.domContentLoadedEventEnd.toFixed(0)} ms, load ${entry.loadEventEnd.toFixed(0)} ms`
      : '';
  });
  return `${navigation}\n${entries
    .map(
      ({ name, start, end, bytes }) =>
        `    ${start.toFixed(0).padStart(6)} -> ${end.toFixed(0).padStart(6)} ms  ${String(bytes).padStart(8)} B  ${name}`,
    )
    .join('\n')}`;
}

function consentChoice(): string {
  return JSON.stringify({ analytics: false, marketing: false, decidedAt: '2026-11-22T00:00:00.000Z' });
}

async function firstRow<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  const row = result.rows[0];
  if (!row) throw new Error('The demo seed did not create its owner and company');
  return row;
}

function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
