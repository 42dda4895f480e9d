import { describe, expect, it } from 'vitest';
import {
  describeQuickbooksError,
  QUICKBOOKS_ERROR_FALLBACK,
  readQuickbooksReturn,
  withoutQuickbooksReturn,
} from './quickbooksReturn';

describe('readQuickbooksReturn', () => {
  it('reads the outcome the callback sent the browser back with', () => {
    expect(readQuickbooksReturn(new URLSearchParams('quickbooks=connected&jobId=j1'))).toEqual({
      outcome: 'connected',
      jobId: 'j1',
    });
    expect(readQuickbooksReturn(new URLSearchParams('quickbooks=connected'))).toEqual({
      outcome: 'connected',
      jobId: null,
    });
    expect(readQuickbooksReturn(new URLSearchParams('quickbooks=error&reason=access_denied'))).toEqual({
      outcome: 'error',
      reason: 'access_denied',
    });
    expect(readQuickbooksReturn(new URLSearchParams('tab=x'))).toBeNull();
    expect(readQuickbooksReturn(new URLSearchParams('quickbooks=maybe'))).toBeNull();
  });

  it('drops the callback parameters and keeps the others', () => {
    const rest = withoutQuickbooksReturn(new URLSearchParams('quickbooks=error&reason=x&jobId=j&keep=1'));
    expect(rest.toString()).toBe('keep=1');
  });

  it('says each reason for a person, and something useful for one it does not know', () => {
    expect(describeQuickbooksError('access_denied')).toContain('canceled');
    expect(describeQuickbooksError('already_connected')).toContain('Disconnect it first');
    expect(describeQuickbooksError('something_new')).toBe(QUICKBOOKS_ERROR_FALLBACK);
    expect(describeQuickbooksError(null)).toBe(QUICKBOOKS_ERROR_FALLBACK);
  });
});
