import { describe, expect, it } from 'vitest';
import { describeJobProgress } from './jobProgress';

describe('describeJobProgress', () => {
  it('draws each status as spec §4 says', () => {
    expect(describeJobProgress({ status: 'queued', progress: null })).toMatchObject({
      percent: null,
      closable: false,
      active: true,
    });
    expect(describeJobProgress({ status: 'running', progress: 37 })).toMatchObject({
      percent: 37,
      label: '37%',
      active: true,
    });
    expect(describeJobProgress({ status: 'running', progress: null })).toMatchObject({ percent: null });
    expect(describeJobProgress({ status: 'succeeded', progress: 100 })).toMatchObject({
      percent: 100,
      color: 'green',
      closable: false,
    });
    expect(describeJobProgress({ status: 'failed', progress: 20 })).toMatchObject({
      percent: 100,
      color: 'red',
      closable: true,
    });
    expect(describeJobProgress({ status: 'canceled', progress: 20 })).toMatchObject({
      percent: 0,
      closable: true,
    });
  });

  it("refuses a status it does not know: 'Unknown job status'", () => {
    expect(() => describeJobProgress({ status: 'paused' as never, progress: null })).toThrow(
      'Unknown job status',
    );
  });
});
