/**
 * Saves CSV text as a file. A byte-order mark lets spreadsheet programs read accented account names
 * as UTF-8.
 */
export function downloadCsvFile(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL can go once this turn ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
