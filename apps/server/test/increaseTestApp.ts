import Increase from 'increase';
import { createTestApp, type TestApp } from './harness';
import type { RealTimeDecisionHook } from './increaseSimulator/cardAuthorizations';
import { type IncreaseSimulator, startIncreaseSimulator } from './increaseSimulator/index';

/**
 * A test app whose bank is Increase (BANKING_PROVIDER=increase), played by a local Increase simulation
 * on the app's clock (so Increase's transactions are dated by the test's days), and an Increase client
 * of the simulation (the official SDK, no retries). `onRealTimeDecision` is the simulation's hook for
 * card authorizations. Close both: the app, then the simulation.
 */
export async function createIncreaseTestApp(
  options: { onRealTimeDecision?: RealTimeDecisionHook } = {},
): Promise<{ t: TestApp; increase: IncreaseSimulator; client: Increase }> {
  let t: TestApp | undefined;
  const increase = await startIncreaseSimulator({ ...options, now: () => (t ? t.clock.now() : new Date()) });
  t = await createTestApp({
    env: {
      BANKING_PROVIDER: 'increase',
      INCREASE_API_KEY: increase.apiKey,
      INCREASE_BASE_URL: increase.baseURL,
    },
  });
  const client = new Increase({ apiKey: increase.apiKey, baseURL: increase.baseURL, maxRetries: 0 });
  return { t, increase, client };
}
