/** A run of text of an answer: plain, or bold (`**like this**`). */
export type ChatTextRun = { text: string; bold: boolean };

/** A line of an answer, as runs. */
export type ChatTextLine = readonly ChatTextRun[];

/**
 * An answer's text in blocks: paragraphs (their lines kept apart), and bulleted or numbered lists
 * (`- `, `* `, `• `, `1. `, `1) `). A numbered list keeps its first number.
 */
type ChatTextBlock =
  | { kind: 'paragraph'; lines: readonly ChatTextLine[] }
  | { kind: 'list'; ordered: boolean; start: number; items: readonly ChatTextLine[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,4})[.)]\s+(.*)$/;
/** A markdown heading's hashes: the heading is shown as a bold line. */
const HEADING = /^\s*#{1,6}\s+(.*)$/;

/**
 * Splits an answer (plain text with line breaks and markdown-ish lists, as the assistant writes it)
 * into blocks for React to render as elements: nothing of it is ever taken as HTML. A blank line ends a
 * paragraph or a list; an answer still streaming parses as far as it goes.
 */
export function parseChatText(text: string): ChatTextBlock[] {
  const blocks: ChatTextBlock[] = [];
  /** Whether the last block goes on with the next line (no blank line came between). */
  let open = false;
  const append = (next: (last: ChatTextBlock | undefined) => ChatTextBlock | null, fresh: ChatTextBlock) => {
    const grown = open ? next(blocks.at(-1)) : null;
    if (grown) blocks[blocks.length - 1] = grown;
    else blocks.push(fresh);
    open = true;
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      open = false;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const item = parseRuns(bullet?.[1] ?? numbered?.[2] ?? '');
      append(
        (last) =>
          last?.kind === 'list' && last.ordered === ordered
            ? { ...last, items: [...last.items, item] }
            : null,
        { kind: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [item] },
      );
      continue;
    }
    const heading = HEADING.exec(line);
    const runs = heading ? [{ text: stripBold(heading[1] ?? ''), bold: true }] : parseRuns(line);
    append((last) => (last?.kind === 'paragraph' ? { ...last, lines: [...last.lines, runs] } : null), {
      kind: 'paragraph',
      lines: [runs],
    });
  }
  return blocks;
}

/** A line's runs: `**bold**` parts bold; an unclosed `**` (still streaming) stays as written. */
function parseRuns(line: string): ChatTextLine {
  const runs: ChatTextRun[] = [];
  const parts = line.split('**');
  // An even number of parts means an unpaired '**': its last part is plain, with the marker kept.
  const paired = parts.length % 2 === 1;
  for (const [index, part] of parts.entries()) {
    const isLastUnpaired = !paired && index === parts.length - 1;
    const bold = index % 2 === 1 && !isLastUnpaired;
    const text = isLastUnpaired ? `**${part}` : part;
    if (text !== '') runs.push({ text, bold });
  }
  return runs;
}

function stripBold(text: string): string {
  return text.replaceAll('**', '');
}
