/** The CLI's estimate summary: a time-weighted mean of a step function, hand-computed. */
import { describe, expect, it } from 'vitest';
import { estimateSummary } from '../../src/cli/execute.ts';
import type { RunResult } from '../../src/engine/results.ts';

function fake(rows: [number, number, number, number][], simTimeS: number) {
  const col = (i: number) => rows.map((r) => r[i]);
  return {
    flows: [{ estimates: [{ key: 'bweBps', label: 'BWE', unit: 'bit/s' }] }, { estimates: [] }],
    trace: { estimate: { tNs: col(0), flow: col(1), key: col(2), value: col(3) } },
    sim: { simTimeS },
  } as unknown as Pick<RunResult, 'flows' | 'trace' | 'sim'>;
}

describe('estimateSummary', () => {
  it('weights each value by how long it held, from the first formed value to the end', () => {
    // NaN until 1 s, then 100 for 1 s and 400 for 2 s (run ends at 4 s): (100·1 + 400·2)/3 = 300.
    const r = fake(
      [
        [0, 0, 0, Number.NaN],
        [1e9, 0, 0, 100],
        [2e9, 0, 0, 400],
      ],
      4,
    );
    expect(estimateSummary(r, 0)).toEqual([{ key: 'bweBps', label: 'BWE', unit: 'bit/s', mean: 300, last: 400 }]);
    expect(estimateSummary(r, 1)).toEqual([]);
  });

  it('an estimate never formed has a null mean', () => {
    expect(estimateSummary(fake([[0, 0, 0, Number.NaN]], 4), 0)[0]).toMatchObject({ mean: null, last: null });
  });
});
