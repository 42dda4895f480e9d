import { describe, expect, it } from 'vitest';
import { job } from './linking.testkit';
import { findLinkSyncJob } from './linkSyncJob';

describe('findLinkSyncJob', () => {
  it("finds the link's own sync by its subject, an active one before an ended one", () => {
    const ended = job({ id: 'old', subjectId: 'item-1', status: 'succeeded', progress: 100 });
    const running = job({ id: 'new', subjectId: 'item-1', status: 'running' });
    const otherLink = job({ id: 'other', subjectId: 'item-2', status: 'running' });
    const quickbooks = job({ id: 'qb', type: 'QuickbooksSync', subjectId: 'item-1' });
    expect(findLinkSyncJob({ id: 'item-1' }, [ended, otherLink, quickbooks, running])?.id).toBe('new');
    expect(findLinkSyncJob({ id: 'item-1' }, [ended, otherLink])?.id).toBe('old');
    expect(findLinkSyncJob({ id: 'item-2' }, [ended, running])).toBeNull();
  });

  it("never takes another link's sync, even one naming the same institution", () => {
    const sameBank = job({
      subjectId: 'item-9',
      message: 'Imported 120 transactions from First Platypus Bank',
    });
    expect(findLinkSyncJob({ id: 'item-1' }, [sameBank])).toBeNull();
  });
});
