/**
 * The claim-record mechanism: a recorded status is asserted against the measurement, a crash
 * never passes, and a status change is reported with what to do. Then the mechanism at work on a
 * real claim: the 3G paper's case-1 throughput against its sawtooth (Table 2: 199.8 kb/s
 * simulated, ≈ the 200 kb/s link), which our simulator reproduces within 10 %.
 */
import { describe, expect, it } from 'vitest';
import { claimRecord, NOT_REPRODUCED } from '../../src/experiments/claim-records.ts';
import { allOf, checkClaim, judgeClaim, type ClaimRecord } from '../../src/experiments/claims.ts';
import { getFigure } from '../../src/experiments/figures.ts';
import { runInNode } from '../../src/experiments/report.ts';
import { parseExperiment } from '../../src/experiments/spec.ts';
import { claimTest } from '../harness/claims.ts';

const rec = (status: ClaimRecord['status'], analysis = 'measured x; because y'): ClaimRecord => ({ id: 'demo/claim', source: 'Paper §1', statement: 'A ≥ B', status, analysis });

describe('judging a claim against its record', () => {
  it('matching outcomes pass, both ways', () => {
    expect(judgeClaim(rec('reproduced'), { holds: true, detail: 'A 2 vs B 1' }).ok).toBe(true);
    expect(judgeClaim(rec('not reproduced'), { holds: false, detail: 'A 1 vs B 2' }).ok).toBe(true);
  });

  it('a non-reproduced claim that starts holding goes red and says what to update', () => {
    const j = judgeClaim(rec('not reproduced'), { holds: true, detail: 'A 2 vs B 1' });
    expect(j.ok).toBe(false);
    expect(j.message).toMatch(/demo\/claim now reproduces \(A 2 vs B 1\).*set its status to "reproduced"/);
  });

  it('a reproduced claim that breaks goes red as a regression', () => {
    const j = judgeClaim(rec('reproduced'), { holds: false, detail: 'A 1 vs B 2' });
    expect(j.ok).toBe(false);
    expect(j.message).toMatch(/no longer reproduces.*regression/);
  });

  it('a crash is a failure, whatever the record says (unlike it.fails)', async () => {
    for (const status of ['reproduced', 'not reproduced'] as const) {
      const j = await checkClaim(rec(status), () => {
        throw new TypeError('cannot read properties of undefined');
      });
      expect(j.ok).toBe(false);
      expect(j.message).toMatch(/the measurement crashed — cannot read properties of undefined/);
    }
    expect((await checkClaim(rec('not reproduced'), () => undefined as never)).message).toMatch(/returned no outcome/);
  });

  it('a not-reproduced record needs its analysis; an outcome needs at least one check', () => {
    expect(judgeClaim(rec('not reproduced', ' '), { holds: false, detail: '' }).message).toMatch(/needs its analysis/);
    expect(() => allOf([])).toThrow(/at least one check/);
    expect(allOf([{ ok: true, text: 'a' }, { ok: false, text: 'b' }])).toEqual({ holds: false, detail: 'holds: a; fails: b' });
  });

  it('records of the claims that do not reproduce today are complete and unique', () => {
    expect(new Set(NOT_REPRODUCED.map((r) => r.id)).size).toBe(NOT_REPRODUCED.length);
    for (const r of NOT_REPRODUCED) {
      expect(r.status).toBe('not reproduced');
      expect(r.analysis.length).toBeGreaterThan(40);
      expect(r.source).not.toBe('');
    }
    expect(claimRecord('real/handoff-1.5x').statement).toMatch(/1\.5 ×/);
    expect(() => claimRecord('nope')).toThrow(/no claim record/);
  });
});

describe('claims as data, at work', () => {
  claimTest(
    {
      id: '3g/case1-throughput',
      source: 'Chan & Ramjee Table 2, case 1 (constant rate and delay): simulated goodput 199.8 kb/s',
      statement: 'Reno on case 1 (200 kb/s, 400 ms, buffer 10) gets within 10 % of the paper’s 199.8 kb/s (one 600 s run)',
      status: 'reproduced',
      analysis: '',
    },
    async () => {
      const input = structuredClone(getFigure('3g-table2')!.experiment);
      input.edits = ['durationS=600'];
      input.axis = { ...input.axis, points: input.axis.points!.slice(0, 1) };
      input.seeds = [1];
      const r = parseExperiment(input);
      if (!r.ok) throw new Error('invalid experiment');
      const f = await runInNode(r.experiment, new Map());
      const ours = f.cells[0].stats.goodputBps!.mean;
      return allOf([{ ok: Math.abs(ours / 199.8e3 - 1) <= 0.1, text: `ours ${(ours / 1e3).toFixed(1)} kb/s vs paper 199.8 kb/s` }]);
    },
  );
});
