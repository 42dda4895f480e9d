import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { STORAGE_KEYS } from './src/lib/storageKeys';

/** E2E_PORT and E2E_WEB_DIST let several runs (each with its own build) go side by side. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
/** A fresh database per run: every run starts from the seeded demo data only. */
const dataDir = join(tmpdir(), `keel-e2e-${Date.now()}-${process.pid}`);

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, `chromiumSwitches`). Chromium reads one
 * `--disable-features` switch, the last, so the launch below repeats this list beside its own additions.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 starts a renderer for the address bar's popups (chrome://omnibox-popup.top-chrome) in every
 * headless browser though nothing shows it. It drew a fifth of all the renderers' CPU time in the specs.
 */
const UNUSED_HEADLESS_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * The browser: Debian's `chromium-headless-shell` when installed (`.ci/run` and `npm test` install it),
 * else Debian's `chromium`; E2E_CHROMIUM names another. The headless shell is Chromium's old headless
 * mode, without the full browser's windowing and interface layers, and the browser Playwright itself
 * uses for headless runs: the same 39 specs took 115 s and 116 s in it against 125 s and 125 s in the
 * full browser, in runs one after the other.
 */
const CHROMIUM =
  process.env.E2E_CHROMIUM ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

/**
 * Browser tests against the real server on a throwaway database. The web app must be built first
 * (`npm run build -w apps/web`); the server serves apps/web/dist.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/globalSetup.ts',
  fullyParallel: false,
  // Three browsers on two cores: a spec spends much of its time waiting (on the server, a toast, a
  // refetch), and a third worker uses that time. On this machine the 192 specs took 12.3 min with two
  // workers and 8.2 min with three, in runs one after the other, both passing.
  workers: 3,
  retries: 0,
  // Several specs walk a whole flow (add, rename, cancel twice, reload, delete) and take 20–34 s with
  // two workers on two cores; 30 s timed one out in CI. A hung spec still ends within a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // scripts/test.sh names where the JSON report goes, so its summary line counts the browser specs too.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
  ],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL,
    // Playwright's actions and navigations wait without end by default: a click on a covered button
    // would then run out the whole test's time and report nothing but the time-out. These bounds name
    // the step that hung, far above what any step takes on a loaded machine.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    // Tracing every test (even to keep only failures') made the suite twice as slow on this 2-core
    // machine and timed 20 of 68 specs out (13.6 min); without it all pass in 7 min. E2E_TRACE=1 turns
    // it back on for debugging.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 860 },
    // No transitions (the app honours prefers-reduced-motion): a spec waits for no animation, and the
    // browser draws no frames of one.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_HEADLESS_FEATURES].join(',')}`,
      ],
    },
    // Visitors who already answered the cookie question; the cookie consent spec starts without it.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            {
              name: STORAGE_KEYS.cookieConsent,
              value: JSON.stringify({
                analytics: false,
                marketing: false,
                decidedAt: '2026-11-22T00:00:00.000Z',
              }),
            },
          ],
        },
      ],
    },
  },
  webServer: {
    // The compiled server, as production runs it: `npm run build` builds it beside the web app.
    command: 'node --enable-source-maps ../server/dist/main.js',
    cwd: import.meta.dirname,
    url: `${baseURL}/api/v1/auth/providers`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      KEEL_TODAY: '2026-11-22',
      SEED_DEMO: 'true',
      NODE_ENV: 'test',
      // The outbox and the two-factor switch the specs use; they answer loopback requests only.
      DEV_ROUTES: 'true',
      // The API helpers sign users up as many clients (X-Forwarded-For), each under the sign-up limit.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      WEB_DIST: resolve(import.meta.dirname, process.env.E2E_WEB_DIST ?? 'dist'),
    },
  },
});
