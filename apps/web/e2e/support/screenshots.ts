import { expect, type Page } from '@playwright/test';
import { SCREEN_SIZES } from './demo';

/** Where the specs' screenshots go (looked at by people, not compared). */
export const shot = (name: string) => `test-results/screenshots/${name}.png`;

/** Mantine's transitions (dialogs, menus, toasts) take up to 200 ms. */
const TRANSITION_MS = 350;

export type ScreenSize = (typeof SCREEN_SIZES)[number];

/**
 * The page at each screen size (1440×900, 1280×720), once the toasts (3 s) have gone: resized, given
 * its transitions' time, checked not to scroll sideways (nothing cut off at the right) and by `check`
 * (what must be in view at that size), then saved as `<name>-<width>x<height>.png`, the whole page
 * unless `fullPage` is false.
 */
export async function screenshotAtEachSize(
  page: Page,
  name: string,
  options: { fullPage?: boolean; check?: (size: ScreenSize) => Promise<void> } = {},
): Promise<void> {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 6_000 });
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(TRANSITION_MS);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${size.width}x${size.height} scrolls sideways`).toBeLessThanOrEqual(0);
    await options.check?.(size);
    await page.screenshot({
      path: shot(`${name}-${size.width}x${size.height}`),
      fullPage: options.fullPage ?? true,
    });
  }
}
