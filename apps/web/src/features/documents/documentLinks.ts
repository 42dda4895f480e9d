/**
 * The download addresses of the Documents page (spec §7 REST): the browser opens them itself, so the
 * file download token rides in the query instead of a bearer header. A token opens one download, so an
 * address is made for one click and opened at once (useFileDownloads.ts). Same origin as the app.
 */

/** GET /api/v1/account/statement: the statement of `month` ('YYYY-MM') as a PDF. */
export function statementUrl(accountId: string, month: string, token: string): string {
  const query = new URLSearchParams({ account_id: accountId, month, token });
  return `/api/v1/account/statement?${query}`;
}

/** GET /api/v1/account/document: a filed tax document as a PDF. */
export function taxDocumentUrl(accountId: string, documentId: string, token: string): string {
  const query = new URLSearchParams({ accountId, id: documentId, token });
  return `/api/v1/account/document?${query}`;
}

/**
 * Starts a download of `url` as a click on a link would (the server answers with an attachment, so the
 * page stays where it is): the browser's own download, under the file name the server gives.
 */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
