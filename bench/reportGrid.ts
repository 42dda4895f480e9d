/**
 * The Financial Report grid in Chromium: a generated company of 500 accounts shown over 60
 * months, served by the real server with the built web app (`npm run build -w apps/web` first).
 * - first render: from the Report query's data reaching the page (`report:data` mark) to the grid's
 *   first commit with rows (`report-grid:rendered` mark) plus the next animation frame (the paint),
 *   over `runs` fresh page loads;
 * - scrolling: the grid's scroller moved a fixed step every animation frame, vertically then
 *   horizontally, for `scroll-ms` each; frame times come from requestAnimationFrame timestamps.
 *
 *   npm run bench -- grid [entries=200000] [accounts=500] [months=60] [runs=10]
 *
 * The grid's cost does not depend on the number of entries (figures come from the monthly rollup), so
 * the default generates 200,000 entries to keep the run short. Chromium is Debian's /usr/bin/chromium.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { addMonths } from '@keel/domain';
import { type Browser, chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app';
import { fixedDayClock } from '../apps/server/src/clock';
import { readConfig } from '../apps/server/src/config';
import { openScratchPglite } from '../apps/server/src/db/openScratchDatabase';
import { users } from '../apps/server/src/db/schema';
import { generateCompany } from '../apps/server/src/demo/generateCompany';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { createProviders } from '../apps/server/src/providers/create';
import { BENCH_PRODUCTION_ENV } from './demoServer';
import { formatMs, formatStats, summarizeRuns } from './stats';

type GridBenchOptions = {
  entries: number;
  accounts: number;
  months: number;
  runs: number;
  scrollMs: number;
  today: string;
};

export const DEFAULT_GRID_BENCH: GridBenchOptions = {
  entries: 200_000,
  accounts: 500,
  months: 60,
  runs: 10,
  scrollMs: 3_000,
  today: '2026-11-22',
};

const WEB_DIST = resolve(import.meta.dirname, '../apps/web/dist');
const CHROMIUM = '/usr/bin/chromium';

type FrameStats = { frames: number; fps: number; p50: number; p95: number; max: number; slowFrames: number };

export async function runGridBenchmark(options: GridBenchOptions): Promise<void> {
  if (!existsSync(resolve(WEB_DIST, 'index.html')))
    throw new Error('The web app is not built: run `npm run build -w apps/web` first.');
  if (!existsSync(CHROMIUM)) throw new Error('Debian chromium is missing: apt-get install -y chromium');
  console.log(
    `\n== Report grid in Chromium: ${options.accounts} accounts x ${options.months} months ` +
      `(${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)})`,
  );
  const database = await openScratchPglite('keel-bench-grid');
  const config = readConfig({
    ...BENCH_PRODUCTION_ENV,
    LOG_LEVEL: 'silent',
    WEB_DIST,
  });
  const clock = fixedDayClock(options.today);
  let browser: Browser | undefined;
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    providers: createProviders(config, database.db),
  });
  try {
    const [owner] = await database.db
      .insert(users)
      .values({ email: `grid-${randomBytes(4).toString('hex')}@keel.test`, name: 'Bench Owner' })
      .returning({ id: users.id });
    if (!owner) throw new Error('Bench owner insert returned nothing');
    const company = await generateCompany(database.db, {
      name: 'Grid Bench Co',
      seed: 'grid',
      today: options.today,
      entries: options.entries,
      accounts: options.accounts,
      months: options.months,
      ownerUserId: owner.id,
      demo: false,
    });
    console.log(
      `  generated ${company.entries.toLocaleString('en-US')} entries, ${company.accounts} accounts`,
    );
    const { token } = await issueAccessToken(database.db, clock, owner.id, 24);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const currentMonth = options.today.slice(0, 7);
    // `months` month columns ending a year after the current month: actuals and forecast both shown.
    const endMonth = addMonths(currentMonth, 12);
    const range = {
      startMonth: addMonths(endMonth, 1 - options.months),
      actualsEndMonth: currentMonth,
      endMonth,
    };
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(...)`;
    // functions sent to the page need it there too (a string, so esbuild leaves it alone).
    await context.addInitScript('globalThis.__name = (fn) => fn');
    await context.addInitScript(
      ({ token, range }) => {
        localStorage.setItem('keel_auth', JSON.stringify(token));
        localStorage.setItem('keel_date-range-v1', JSON.stringify(range));
        localStorage.setItem(
          'keel_cookie-consent',
          JSON.stringify({ analytics: false, marketing: false, decidedAt: '2026-11-22T00:00:00.000Z' }),
        );
      },
      { token, range },
    );
    // The frame after the grid's first commit is when it is on screen: mark it.
    await context.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('report-grid:rendered').length > 0)
          requestAnimationFrame(() => performance.mark('report-grid:painted'));
      }).observe({ type: 'mark' });
    });
    const page = await context.newPage();

    const renders: number[] = [];
    const loads: number[] = [];
    let shape = '';
    for (let run = 0; run < options.runs + 1; run++) {
      const measured = await loadReportPage(page, `${address}/financial`);
      shape = measured.shape;
      // The first load warms the server's and the browser's caches.
      if (run === 0) continue;
      renders.push(measured.renderMs);
      loads.push(measured.loadMs);
    }
    console.log(`  grid: ${shape}`);
    console.log(`  first render (data -> grid painted) ${formatStats(summarizeRuns(renders))}`);
    console.log(`  page load to grid painted           ${formatStats(summarizeRuns(loads))}`);

    for (const axis of ['vertical', 'horizontal'] as const) {
      const frames = await scrollGrid(page, axis, options.scrollMs);
      console.log(
        `  scrolling ${axis.padEnd(10)} ${frames.fps.toFixed(1)} fps over ${frames.frames} frames; ` +
          `frame p50 ${formatMs(frames.p50)}, p95 ${formatMs(frames.p95)}, max ${formatMs(frames.max)}; ` +
          `${frames.slowFrames} frames over 20 ms`,
      );
    }
  } finally {
    await browser?.close();
    await app.close();
    await database.close();
  }
}

/** Loads the page and reads the marks the page, the grid and the init script leave. */
async function loadReportPage(
  page: Page,
  url: string,
): Promise<{ renderMs: number; loadMs: number; shape: string }> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('report-grid:painted').length > 0, null, {
    timeout: 120_000,
  });
  return page.evaluate(() => {
    const data = performance.getEntriesByName('report:data')[0]?.startTime ?? Number.NaN;
    const painted = performance.getEntriesByName('report-grid:painted')[0]?.startTime ?? Number.NaN;
    const grid = document.querySelector('[data-testid="report-grid"]');
    const rows = grid?.querySelectorAll('[data-testid="report-row"]').length ?? 0;
    const cells = grid?.querySelectorAll('[data-testid="report-cell"]').length ?? 0;
    const headers = grid?.querySelectorAll('[data-testid="report-column-header"]').length ?? 0;
    return {
      renderMs: painted - data,
      loadMs: painted,
      shape: `${rows} rows, ${headers} column headers and ${cells} cells in the DOM (virtualised)`,
    };
  });
}

/** Scrolls the grid's scroller a step each frame and measures the frames. */
async function scrollGrid(
  page: Page,
  axis: 'vertical' | 'horizontal',
  durationMs: number,
): Promise<FrameStats> {
  const deltas = await page.evaluate(
    ({ axis, durationMs }) =>
      new Promise<number[]>((done) => {
        const grid = document.querySelector<HTMLElement>('[data-testid="report-grid"]');
        if (!grid) throw new Error('No grid on the page');
        // The scroller: the grid or its first descendant that scrolls along the axis.
        const candidates = [grid, ...grid.querySelectorAll<HTMLElement>('*')];
        const scroller = candidates.find((element) =>
          axis === 'vertical'
            ? element.scrollHeight > element.clientHeight + 10
            : element.scrollWidth > element.clientWidth + 10,
        );
        if (!scroller) throw new Error(`Nothing in the grid scrolls ${axis}ly`);
        scroller.scrollTop = 0;
        scroller.scrollLeft = 0;
        const step = axis === 'vertical' ? 40 : 56;
        const times: number[] = [];
        const started = performance.now();
        const tick = (now: number) => {
          times.push(now);
          if (axis === 'vertical') {
            scroller.scrollTop =
              scroller.scrollTop + step >= scroller.scrollHeight - scroller.clientHeight
                ? 0
                : scroller.scrollTop + step;
          } else {
            scroller.scrollLeft =
              scroller.scrollLeft + step >= scroller.scrollWidth - scroller.clientWidth
                ? 0
                : scroller.scrollLeft + step;
          }
          if (now - started < durationMs) requestAnimationFrame(tick);
          else done(times.slice(1).map((time, index) => time - (times[index] ?? time)));
        };
        requestAnimationFrame(tick);
      }),
    { axis, durationMs },
  );
  const stats = summarizeRuns(deltas);
  const total = deltas.reduce((sum, delta) => sum + delta, 0);
  return {
    frames: deltas.length,
    fps: (deltas.length / total) * 1000,
    p50: stats.p50,
    p95: stats.p95,
    max: stats.max,
    slowFrames: deltas.filter((delta) => delta > 20).length,
  };
}
