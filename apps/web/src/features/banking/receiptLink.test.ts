import { describe, expect, it } from 'vitest';
import { receiptDownloadUrl } from './receiptLink';

describe('receiptDownloadUrl', () => {
  it('adds the file token to the receipt’s same-origin path', () => {
    expect(receiptDownloadUrl('/api/v1/transfers/receipt?transfer_id=t1', 'tok-en')).toBe(
      '/api/v1/transfers/receipt?transfer_id=t1&token=tok-en',
    );
    expect(receiptDownloadUrl('/receipt', 'a&b')).toBe('/receipt?token=a%26b');
  });
});
