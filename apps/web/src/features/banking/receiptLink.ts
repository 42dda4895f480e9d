/**
 * The address that downloads a transfer's receipt PDF: the server's `receiptUrl` (a same-origin path)
 * with a single-use file download token in its query, as the Documents page's links carry one (the
 * browser opens it itself and sends no bearer header).
 */
export function receiptDownloadUrl(receiptUrl: string, token: string): string {
  const url = new URL(receiptUrl, 'http://same-origin.invalid');
  url.searchParams.set('token', token);
  return `${url.pathname}${url.search}`;
}
