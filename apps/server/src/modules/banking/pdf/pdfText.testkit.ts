import { extractTextItems, getDocumentProxy, getMeta } from 'unpdf';

/** A PDF as a reader sees it: each page's lines, top to bottom, words left to right. */
export type PdfText = {
  pages: string[][];
  /** Every line of every page, one per row. */
  text: string;
  /** The document information dictionary (Title, CreationDate, …) as pdf.js reads it. */
  info: Record<string, unknown>;
};

/** Items whose baselines are this close (points) are one line. */
const SAME_LINE = 2;

/**
 * Reads a PDF's text with pdf.js (unpdf's build: pure JavaScript, no system binary such as pdftotext),
 * putting the pieces drawn on one baseline back into one line, left to right, separated by one space.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: hand it copies.
  const document = await getDocumentProxy(bytes.slice());
  const { items } = await extractTextItems(document);
  const { info } = await getMeta(await getDocumentProxy(bytes.slice()));
  const pages = items.map((pageItems) => {
    const lines: { y: number; parts: { x: number; str: string }[] }[] = [];
    for (const item of pageItems) {
      if (item.str.trim() === '') continue;
      const line = lines.find((candidate) => Math.abs(candidate.y - item.y) < SAME_LINE);
      if (line) line.parts.push({ x: item.x, str: item.str });
      else lines.push({ y: item.y, parts: [{ x: item.x, str: item.str }] });
    }
    return lines
      .sort((a, b) => b.y - a.y)
      .map((line) =>
        line.parts
          .sort((a, b) => a.x - b.x)
          .map((part) => part.str.trim())
          .join(' '),
      );
  });
  return { pages, text: pages.flat().join('\n'), info };
}
