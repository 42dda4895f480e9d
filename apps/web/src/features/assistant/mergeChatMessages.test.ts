import { describe, expect, it } from 'vitest';
import { chatMessage, question, reply } from './assistant.testkit';
import { mergeChatMessages } from './mergeChatMessages';

const at = (second: number) => new Date(Date.UTC(2026, 10, 22, 9, 0, second)).toISOString();

describe('mergeChatMessages', () => {
  it('replaces a known message in place and appends new ones', () => {
    const asked = question('What is our runway?', 'm-1');
    const streaming = reply({ content: 'Your', updatedAt: at(1) });
    const longer = reply({ content: 'Your runway', updatedAt: at(2) });
    const next = question('And burn?', 'm-3');
    const merged = mergeChatMessages([asked, streaming], [asked, longer, next]);
    expect(merged.map((message) => [message.id, message.content])).toEqual([
      ['m-1', 'What is our runway?'],
      ['m-2', 'Your runway'],
      ['m-3', 'And burn?'],
    ]);
  });

  it('does not let an answer read before the last event undo it', () => {
    const newer = reply({ content: 'Your runway is 21 months.', updatedAt: at(5) });
    const older = reply({ content: 'Your runway', updatedAt: at(3) });
    expect(mergeChatMessages([newer], [older])[0]).toBe(newer);
  });

  it('never takes a finished reply back to streaming', () => {
    const done = reply({ content: 'Done.', status: 'complete', updatedAt: at(4) });
    const stale = reply({ content: 'Do', status: 'streaming', updatedAt: at(6) });
    expect(mergeChatMessages([done], [stale])[0]).toBe(done);
  });

  it('answers the same list when nothing changed', () => {
    const known = [chatMessage({ id: 'm-1', updatedAt: at(1) })];
    expect(mergeChatMessages(known, [chatMessage({ id: 'm-1', updatedAt: at(1) })])).toBe(known);
  });
});
