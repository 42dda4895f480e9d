import type { Locator, Page } from '@playwright/test';

/**
 * Drags `handle` with the mouse onto `target`, releasing at `share` of the target's height (0 its top
 * edge, 1 its bottom edge): the way a person drags, in small steps, past the activation distance first.
 * Both must fit on the screen together (the target is scrolled to first, then the handle).
 */
export async function dragOnto(page: Page, handle: Locator, target: Locator, share: number) {
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  if (!from) throw new Error('The drag handle is not on screen');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 4, { steps: 2 });
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 2 });
  const to = await target.boundingBox();
  if (!to) throw new Error('The drop target is not on screen');
  const end = { x: to.x + Math.min(to.width / 2, 200), y: to.y + to.height * share };
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.move(end.x + 2, end.y, { steps: 2 });
  await page.mouse.up();
}
