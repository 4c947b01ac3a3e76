/**
 * The linux profile against the real kernel (docs/validation.md): on the recipe's path, TCP Lab's
 * NewReno, CUBIC and BBR land inside the kernel's run-to-run spread at 1 % and 2 % random loss.
 * The kernel's runs are stored data (data/linux-ref/reference-2mbps, with their provenance), not
 * our output.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithKernel, kernelSpread, parseKernelCsv, stats } from '../../src/validation/kernel.ts';

const ROOT = join(__dirname, '../..');
const runs = parseKernelCsv(readFileSync(join(ROOT, 'data/linux-ref/reference-2mbps/summary.csv'), 'utf8'));

describe('kernel comparison helpers', () => {
  it('stats: sample sd (n − 1), hand-computed', () => {
    // 850, 936, 1022: mean 936, deviations ±86 ⇒ sd = √((86² + 0 + 86²)/2) = 86
    expect(stats([850, 936, 1022])).toEqual({ n: 3, mean: 936, sd: 86, min: 850, max: 1022 });
  });

  it('spread: mean ± 2 sd, at least min … max and ± 1 %', () => {
    expect(kernelSpread({ n: 3, mean: 1000, sd: 50, min: 950, max: 1050 })).toEqual({ low: 900, high: 1100 });
    expect(kernelSpread({ n: 3, mean: 1000, sd: 1, min: 990, max: 1012 })).toEqual({ low: 990, high: 1012 });
    expect(kernelSpread({ n: 3, mean: 1000, sd: 0, min: 1000, max: 1000 })).toEqual({ low: 990, high: 1010 });
  });

  it('the stored kernel data has 3 SACK runs of each cc at each PER', () => {
    for (const cc of ['reno', 'cubic', 'bbr']) for (const per of [0, 0.01, 0.02]) expect(runs.filter((r) => r.cc === cc && r.sack === 1 && r.per === per)).toHaveLength(3);
  });
});

describe('linux profile vs the Linux kernel on reference-2mbps', () => {
  const rows = compareWithKernel(
    runs.filter((r) => r.per > 0),
    [1, 2, 3, 4, 5, 6],
  );
  for (const r of rows) {
    it(`${r.variant} at PER ${r.per}: TCP Lab ${r.lab.mean.toFixed(0)} kb/s within the kernel's ${r.kernel.mean.toFixed(0)} ± ${(2 * r.kernel.sd).toFixed(0)} (${r.kernel.min}–${r.kernel.max})`, () => {
      const s = kernelSpread(r.kernel);
      expect(r.lab.mean).toBeGreaterThanOrEqual(s.low);
      expect(r.lab.mean).toBeLessThanOrEqual(s.high);
    });
  }
  it('covers newreno, cubic and bbr at 1 % and 2 %', () => {
    expect(rows.map((r) => `${r.variant}@${r.per}`)).toEqual(['newreno@0.01', 'newreno@0.02', 'cubic@0.01', 'cubic@0.02', 'bbr@0.01', 'bbr@0.02']);
  });
});
