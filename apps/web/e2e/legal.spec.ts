import { expect, test } from '@playwright/test';

const SAMPLE_NOTICE = 'Sample text — not legal advice and not a binding agreement';

test('the legal pages open signed out, each document marked as a sample, linked to each other and by anchor', async ({
  page,
}) => {
  await page.goto('/legal');
  await expect(page.getByRole('heading', { name: 'Legal', level: 1 })).toBeVisible();
  for (const title of ['Privacy Policy', 'Terms of Service']) {
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('article').first().getByText(SAMPLE_NOTICE)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(await page.getByText(SAMPLE_NOTICE).count());

  // A link to one document (as /documents' 'View' links are) opens the page scrolled to it.
  await page.goto('/legal/disclosures#truth-in-savings');
  const truthInSavings = page.locator('#truth-in-savings');
  await expect(truthInSavings).toBeInViewport();
  await expect(truthInSavings.getByText(SAMPLE_NOTICE)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Legal pages' })
    .getByRole('link', { name: 'Data Privacy' })
    .click();
  await expect(page).toHaveURL(/\/legal\/data-privacy$/);
  await expect(page.getByRole('heading', { name: 'Data Privacy', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`the legal pages fit a ${viewport.width} px wide screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const path of ['/legal', '/legal/disclosures', '/legal/data-privacy']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
