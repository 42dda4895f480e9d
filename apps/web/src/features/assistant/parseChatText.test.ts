import { describe, expect, it } from 'vitest';
import { parseChatText } from './parseChatText';

const plain = (text: string) => [{ text, bold: false }];

describe('parseChatText', () => {
  it('keeps a paragraph’s line breaks and splits paragraphs at blank lines', () => {
    expect(parseChatText('Cash is $3,838,552.\nRunway is 21 months.\n\nAsk me more.')).toEqual([
      { kind: 'paragraph', lines: [plain('Cash is $3,838,552.'), plain('Runway is 21 months.')] },
      { kind: 'paragraph', lines: [plain('Ask me more.')] },
    ]);
  });

  it('reads numbered and bulleted lists, a numbered one from its first number', () => {
    expect(
      parseChatText(
        'Top spending in October 2026:\n1. Salaries: $263,921.60\n2) Rent: $22,000\n- Total: $431,878.65',
      ),
    ).toEqual([
      { kind: 'paragraph', lines: [plain('Top spending in October 2026:')] },
      {
        kind: 'list',
        ordered: true,
        start: 1,
        items: [plain('Salaries: $263,921.60'), plain('Rent: $22,000')],
      },
      { kind: 'list', ordered: false, start: 1, items: [plain('Total: $431,878.65')] },
    ]);
    expect(parseChatText('3. Rent\n* Cloud')[0]).toMatchObject({ kind: 'list', ordered: true, start: 3 });
  });

  it('makes **bold** runs and headings bold, and leaves an unclosed marker of a streaming answer as written', () => {
    expect(parseChatText('Runway is **21 months**.')).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { text: 'Runway is ', bold: false },
            { text: '21 months', bold: true },
            { text: '.', bold: false },
          ],
        ],
      },
    ]);
    expect(parseChatText('## **Summary**')).toEqual([
      { kind: 'paragraph', lines: [[{ text: 'Summary', bold: true }]] },
    ]);
    expect(parseChatText('Runway is **21 mo')).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { text: 'Runway is ', bold: false },
            { text: '**21 mo', bold: false },
          ],
        ],
      },
    ]);
  });

  it('takes markup as text: nothing becomes HTML', () => {
    expect(parseChatText('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'paragraph', lines: [plain('<img src=x onerror=alert(1)>')] },
    ]);
  });

  it('gives nothing for an empty answer', () => {
    expect(parseChatText('')).toEqual([]);
    expect(parseChatText('\n\n')).toEqual([]);
  });
});
