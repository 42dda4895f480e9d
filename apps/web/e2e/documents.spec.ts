import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { entityIdByName, graphql, signInByApi, signInWithToken, signUpUserWithEntity } from './support/api';
import { DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';
import { shot } from './support/screenshots';

/**
 * /documents (spec §2 'Statements page', §4 Statements, §7 file_tokens, account/statement,
 * account/document) as the demo owner, reading the demo company only: export a month's statement and
 * read its opening and closing balances back out of the PDF (pdftotext), checked against the Keel
 * account's bookkeeping transactions; the account agreements' View links; the 2025 Form 1099-INT; a
 * file token of another company refused. Each download asks for its own single-use file token: the
 * address the browser downloaded from opens nothing afterwards.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);

type DemoAccount = { id: string; name: string; accountNumber: string; statementMonths: string[] };

/** The demo owner's token, the demo company's id and its Keel account as Documents(entityId) gives it. */
async function demoDocuments(request: APIRequestContext) {
  const token = await signInByApi(request, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
  const entityId = await entityIdByName(request, token, DEMO_COMPANY);
  const { documents } = await graphql<{
    documents: {
      accounts: (DemoAccount & { taxDocuments: { year: number; amount: number; status: string }[] })[];
    };
  }>(
    request,
    token,
    `query DemoDocuments($entityId: ID!) { documents(entityId: $entityId) {
      accounts { id name accountNumber statementMonths taxDocuments { year amount status } } } }`,
    { entityId },
  );
  const [account] = documents.accounts;
  expect(account, 'the demo company has a Keel account').toBeDefined();
  return { token, entityId, account: account as (typeof documents.accounts)[number] };
}

/**
 * The Keel account's bookkeeping transactions (the books' mirror of the bank's postings: money in
 * positive on the account's side), by the Transactions list's query, all on one page.
 */
async function keelTransactions(request: APIRequestContext, token: string, entityId: string) {
  const { bookkeepingTransactionsConnection: page } = await graphql<{
    bookkeepingTransactionsConnection: {
      pageInfo: { hasNextPage: boolean };
      edges: { node: { date: string; name: string; amount: number } }[];
    };
  }>(
    request,
    token,
    `query KeelBooks($entityId: ID!) {
      bookkeepingTransactionsConnection(entityId: $entityId, accountTypeFilter: "TPrime::Account", first: 500) {
        pageInfo { hasNextPage } edges { node { date name amount } } } }`,
    { entityId },
  );
  expect(page.pageInfo.hasNextPage).toBe(false);
  return page.edges.map((edge) => edge.node);
}

/** Signs the browser in as the demo owner on the demo company and opens /documents. */
async function openDocuments(page: Page, token: string): Promise<AppShell> {
  await signInWithToken(page, token);
  await page.goto('/documents');
  const shell = new AppShell(page);
  await shell.waitForPage('Documents');
  if (!(await shell.entitySwitcher.textContent())?.includes(DEMO_COMPANY)) {
    await shell.switchEntity('Robotics', DEMO_COMPANY);
  }
  await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
  await expect(page.getByTestId('statement-export')).toBeVisible();
  return shell;
}

const accountLabel = (account: DemoAccount) => `${account.name} ••${account.accountNumber.slice(-4)}`;

/** 'October 2026' for '2026-10'. */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

async function pick(page: Page, picker: string, option: string) {
  await page.getByRole('combobox', { name: picker }).click();
  await page.getByRole('option', { name: option }).click();
}

/** The text of a PDF as pdftotext (poppler) reads it, lines kept as laid out. */
function pdfText(path: string): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/** The first amount after `label` in the PDF's text (the summary comes before the table). */
function amountAfter(text: string, label: string): string {
  const match = new RegExp(`${label}\\s+(-?\\$[\\d,]+\\.\\d{2})`).exec(text);
  expect(match, `'${label}' in the PDF`).not.toBeNull();
  return match?.[1] ?? '';
}

test.describe('documents', () => {
  test("exports a month's statement whose opening and closing balances are the books'", async ({
    page,
    request,
  }) => {
    const { token, entityId, account } = await demoDocuments(request);
    const month = account.statementMonths[0] ?? '';
    expect(month).toBe('2026-10');
    // The balance before the month and at its end, summed here from the Keel account's transactions.
    const books = await keelTransactions(request, token, entityId);
    const sum = (rows: typeof books) => rows.reduce((total, row) => total + row.amount, 0);
    const opening = sum(books.filter((row) => row.date < `${month}-01`));
    const closing = sum(books.filter((row) => row.date <= `${month}-31`));
    expect(books.filter((row) => row.date.startsWith(month)).length).toBeGreaterThan(1);

    await openDocuments(page, token);
    const monthPicker = page.getByRole('combobox', { name: 'Month' });
    await expect(monthPicker).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await pick(page, 'Account', accountLabel(account));
    await expect(monthPicker).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
    await monthPicker.click();
    await expect(page.getByRole('option')).toHaveText(account.statementMonths.map(monthLabel));
    await page.getByRole('option', { name: monthLabel(month) }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `keel-statement-${account.accountNumber.slice(-4)}-${month}.pdf`,
    );
    // The address carried a file token, now spent: opened again, it is refused.
    expect(new URL(download.url()).searchParams.get('token')).toBeTruthy();
    const replayed = await request.get(download.url());
    expect(replayed.status()).toBe(401);
    expect(await replayed.json()).toMatchObject({ status: 401 });
    const text = pdfText(await download.path());
    expect(text).toContain('Account Statement');
    expect(text).toContain('October 1, 2026 – October 31, 2026');
    expect(amountAfter(text, 'Opening balance')).toBe(dollars(opening));
    expect(amountAfter(text, 'Closing balance')).toBe(dollars(closing));
    // The full account number (ending as the masked one does) and routing number, as statements print them.
    expect(text).toContain('Account number');
    expect(text).toMatch(new RegExp(`\\b\\d{8,13}${account.accountNumber.slice(-4)}\\b`));
    expect(text).not.toContain('********');
    await expect(page).toHaveURL(/\/documents$/);

    // A second click downloads again, under a token of its own.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const second = await again;
    expect(second.suggestedFilename()).toBe(download.suggestedFilename());
    expect(second.url()).not.toBe(download.url());
    expect(pdfText(await second.path())).toContain('Account Statement');
  });

  test('links the account agreements to their texts on /legal/disclosures', async ({ page, request }) => {
    const { token } = await demoDocuments(request);
    await openDocuments(page, token);
    const agreements = page.getByTestId('account-agreements');
    for (const [label, anchor] of [
      ['Deposit Account Agreement and Privacy Notice', 'deposit-account-agreement'],
      ['Truth in Savings Disclosure', 'truth-in-savings'],
      ['Debit Card Cardholder Agreement', 'debit-card-cardholder-agreement'],
    ] as const) {
      await expect(agreements.getByText(label, { exact: true })).toBeVisible();
      await agreements.getByRole('link', { name: `View ${label}` }).click();
      await expect(page).toHaveURL(new RegExp(`/legal/disclosures#${anchor}$`));
      await expect(page.locator(`#${anchor}`)).toBeInViewport();
      await page.goBack();
      await new AppShell(page).waitForPage('Documents');
    }
  });

  test("lists the demo company's 2025 Form 1099-INT and downloads it", async ({ page, request }) => {
    const { token, entityId, account } = await demoDocuments(request);
    // Box 1: the interest credited in 2025, summed from the books.
    const interest = (await keelTransactions(request, token, entityId))
      .filter((row) => row.name === 'Interest paid' && row.date.startsWith('2025-'))
      .reduce((total, row) => total + row.amount, 0);
    expect(interest).toBeGreaterThan(10_00);

    await openDocuments(page, token);
    const year = page.getByTestId('tax-year-2025');
    await expect(year).toContainText(accountLabel(account));
    const downloading = page.waitForEvent('download');
    await year.getByRole('button', { name: 'Form 1099-INT 2025' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`keel-1099-int-${account.accountNumber.slice(-4)}-2025.pdf`);
    const text = pdfText(await download.path());
    expect(text).toContain('Form 1099-INT');
    expect(text).toContain('Tax year 2025');
    expect(amountAfter(text, '1\\s+Interest income')).toBe(dollars(interest));
    expect(text).toContain(DEMO_COMPANY);
    // The company's EIN as XX-XXXXXXX (the demo application's), never an SSN-style '***-**-6789'.
    expect(text).toContain('87-4512369');
    expect(text).not.toMatch(/\*\*\*-\*\*-\d{4}/);
  });

  test("refuses a file token for another company's statement", async ({ request }) => {
    const { account, entityId } = await demoDocuments(request);
    const other = await signUpUserWithEntity(request, 'Other Documents Co');
    const otherEntityId = await entityIdByName(request, other.token, 'Other Documents Co');
    const tokenResponse = await request.get(`/api/v1/file_tokens?entity_id=${otherEntityId}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(tokenResponse.status()).toBe(200);
    const { token } = (await tokenResponse.json()) as { token: string };

    const statement = await request.get(
      `/api/v1/account/statement?account_id=${account.id}&month=2026-10&token=${token}`,
    );
    expect(statement.status()).toBe(404);
    expect(await statement.json()).toMatchObject({ status: 404, detail: 'Account not found' });
    const demoToken = await request.get(`/api/v1/file_tokens?entity_id=${entityId}`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(demoToken.status()).toBe(404);
    expect(await demoToken.json()).toMatchObject({ detail: 'Entity not found' });
  });

  for (const size of SCREEN_SIZES) {
    test(`fits a ${size.width}×${size.height} screen`, async ({ page, request }) => {
      const { token, account } = await demoDocuments(request);
      await page.setViewportSize(size);
      await openDocuments(page, token);
      await pick(page, 'Account', accountLabel(account));
      await pick(page, 'Month', monthLabel(account.statementMonths[0] ?? ''));
      const download = page.getByRole('button', { name: 'Download' });
      await expect(download).toBeInViewport();
      const box = await download.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);
      await expect(page.getByTestId('account-agreements')).toBeVisible();
      await page.screenshot({ path: shot(`documents-${size.width}x${size.height}`), fullPage: true });
      const taxYear = page.getByTestId('tax-year-2025');
      await taxYear.scrollIntoViewIfNeeded();
      await expect(taxYear).toBeInViewport();
    });
  }
});
