/**
 * The worker's job with the real engine, in Node: its fingerprint is that of the engine's own
 * full trace, caps shorten or stop a run with a sentence saying so, and decimation keeps the
 * trace's extremes while metrics stay exact. Compare jobs substitute the variant for every flow.
 */
import { describe, expect, it } from 'vitest';
import { RowBufferPool, TRACE_TABLES, traceHash, type TableName } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { buildRunSet, flowStyle, overSpan, runJobs } from '../../src/ui/state/runSet.ts';
import { runForDisplay, startRun } from '../../src/worker/runForDisplay.ts';
import { SLICE_EVENTS } from '../../src/worker/runner.ts';
import { traceTransferables } from '../../src/worker/transfer.ts';

function preset(name: string, durationS: number): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate`);
  return { ...p.scenario, durationS };
}

describe('worker runForDisplay', () => {
  const s = preset('reference-2mbps', 10);
  const full = runScenario(s);

  it('fingerprints the full trace exactly as the engine run does, and keeps a small trace whole', () => {
    const out = runForDisplay(s, {});
    expect(out.traceHash).toBe(traceHash(full.trace));
    expect(out.decimated).toBe(false);
    expect(out.capNote).toBeNull();
    expect(out.flows).toEqual(full.flows);
  });

  it('a finished run whose fingerprint waits (its rows kept) still sizes the next run\'s tables on the same worker', () => {
    const pool = new RowBufferPool();
    const run = startRun(s, { deferHash: true }, () => 0, pool);
    while (!run.step(SLICE_EVENTS));
    const out = run.finish();
    expect(out.hashTicket).toBeGreaterThan(0); // the sink is kept, not released
    for (const name of ['cwnd', 'queue', 'send', 'ack'] as const) {
      expect(out.rows[name]).toBeGreaterThan(1024);
      // room for every row the last run recorded (a power-of-two multiple of 1 024, see RowBufferPool.startRows)
      expect(pool.startRows(name)).toBeGreaterThanOrEqual(out.rows[name]);
      expect(pool.startRows(name)).toBeLessThan(2 * out.rows[name]);
    }
  });

  it('decimates for display without touching metrics or the fingerprint, keeping the queue peak', () => {
    const out = runForDisplay(s, { displayRowsMax: 500 });
    expect(out.decimated).toBe(true);
    expect(out.traceHash).toBe(traceHash(full.trace));
    expect(out.flows).toEqual(full.flows);
    expect(out.trace.queue.tNs.length).toBeLessThan(full.trace.queue.tNs.length);
    expect(Math.max(...out.trace.queue.packets)).toBe(Math.max(...full.trace.queue.packets));
    expect(Math.max(...out.trace.cwnd.cwndBytes)).toBe(Math.max(...full.trace.cwnd.cwndBytes));
  });

  it('posts only the tables asked for, every other one empty, while the fingerprint and row counts stay the full trace\'s', () => {
    const out = runForDisplay(s, { tables: ['cwnd', 'drop'] });
    expect(out.traceHash).toBe(traceHash(full.trace));
    expect(out.trace.cwnd).toEqual(full.trace.cwnd);
    expect(out.trace.drop).toEqual(full.trace.drop);
    expect(full.trace.queue.tNs.length).toBeGreaterThan(0); // so the empty tables below are really left out
    expect(full.trace.send.tNs.length).toBeGreaterThan(0);
    for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
      if (name === 'cwnd' || name === 'drop') continue;
      for (const col of TRACE_TABLES[name]) expect((out.trace[name] as Record<string, Float64Array>)[col].length, `${name}.${col}`).toBe(0);
      expect(out.rows[name], name).toBe(full.trace[name].tNs.length);
    }
    // what goes over the wire: the asked-for columns only (empty ones are cloned, never transferred)
    const sent = traceTransferables(out.trace);
    const asked = [...TRACE_TABLES.cwnd.map((c) => out.trace.cwnd[c].buffer), ...TRACE_TABLES.drop.map((c) => out.trace.drop[c].buffer)];
    expect(new Set(sent)).toEqual(new Set(asked.filter((b) => b.byteLength > 0)));
  });

  it('stops at the event cap and says where', () => {
    const out = runForDisplay(s, { caps: { maxEvents: 1000 } });
    expect(out.stoppedEarly).toBe(true);
    expect(out.capNote).toMatch(/Stopped at 1,000 events/);
    // drawn only up to the time reached, not over the scenario's 10 s
    expect(out.endS).toBe(out.sim.simTimeS);
    expect(out.endS).toBeLessThan(s.durationS);
    expect(Math.max(...out.trace.cwnd.tNs)).toBeLessThanOrEqual(out.endS * 1e9);
  });

  it('the memory guard stops a run whose trace reaches its value budget, at a slice boundary, and says so', () => {
    const budget = 20_000;
    const run = startRun(s, { caps: { maxTraceValues: budget }, displayRowsMax: Infinity });
    while (!run.step(SLICE_EVENTS));
    const out = run.finish();
    expect(out.stoppedEarly).toBe(true);
    expect(out.capNote).toMatch(/^Stopped at t = \d+\.\d s: its trace reached 0 MB/);
    expect(out.endS).toBe(out.sim.simTimeS);
    expect(out.endS).toBeLessThan(s.durationS);
    let values = 0;
    for (const table of Object.values(out.trace)) for (const col of Object.values(table)) values += col.length;
    expect(values).toBeGreaterThanOrEqual(budget);
    let fullValues = 0;
    for (const table of Object.values(full.trace)) for (const col of Object.values(table)) fullValues += col.length;
    expect(values).toBeLessThan(fullValues);
  });

  it('shortens a run longer than the duration cap', () => {
    const out = runForDisplay(s, { caps: { maxDurationS: 2 } });
    expect(out.sim.simTimeS).toBeLessThanOrEqual(2);
    expect(out.capNote).toMatch(/2 s of 10 s/);
    expect(out.endS).toBe(2);
  });
});

describe('ui compare jobs', () => {
  const s = preset('fairness-5flows', 1);

  it('runs the scenario as written when nothing is compared', () => {
    const jobs = runJobs(s, []);
    expect(jobs).toHaveLength(1);
    expect(jobs[0].scenario).toBe(s);
  });

  it('substitutes each compared variant for every flow, keeping the seed', () => {
    const jobs = runJobs(s, ['reno', 'sack']);
    expect(jobs.map((j) => j.scenario.flows.map((f) => f.variant))).toEqual([s.flows.map(() => 'reno'), s.flows.map(() => 'sack')]);
    expect(jobs.every((j) => j.scenario.seed === s.seed && j.scenario.path === s.path)).toBe(true);
  });

  it('gives compared runs distinct colours and dashes, and flows of one run distinct colours', () => {
    const fake = { sim: {}, flows: [], links: [] } as never;
    const cmp = buildRunSet(runJobs(s, ['reno', 'sack', 'tahoe']), [fake, fake, fake], 0);
    const styles = cmp.runs.map((r) => flowStyle(cmp, r, 0));
    expect(new Set(styles.map((x) => x.colour)).size).toBe(3);
    expect(new Set(styles.map((x) => x.dash)).size).toBe(3);
    const one = buildRunSet(runJobs(s, []), [fake], 0);
    const flows = s.flows.map((_, i) => flowStyle(one, one.runs[0], i).colour);
    expect(new Set(flows).size).toBe(s.flows.length);
  });

  it('a comparison filling in names the runs still to come with the label, colour and dash their runs will be drawn in', () => {
    const fake = { sim: {}, flows: [], links: [] } as never;
    const jobs = runJobs(s, ['reno', 'sack', 'tahoe']);
    const whole = buildRunSet(jobs, [fake, fake, fake], 0);
    const partial = buildRunSet(jobs, [undefined, fake, undefined], 0);
    expect(partial.runs.map((r) => r.key)).toEqual(['v-sack']);
    expect(partial.updating).toEqual([whole.runs[0], whole.runs[2]].map(({ key, label, colour, dash }) => ({ key, label, colour, dash })));
    expect(whole.updating).toEqual([]);
  });

  it('a run stopped by a cap sets the axis end where it stopped, and summaries say "over the first N s"', () => {
    const long = { ...s, durationS: 3600 };
    const capped = runForDisplay(long, { caps: { maxEvents: 20_000 } });
    const set = buildRunSet(runJobs(long, []), [capped], 0);
    expect(set.partial).toBe(true);
    expect(set.endS).toBe(capped.sim.simTimeS);
    expect(set.endS).toBeLessThan(60);
    expect(overSpan(set)).toBe(`over the first ${+capped.sim.simTimeS.toFixed(1)} s`);
    const whole = buildRunSet(runJobs(preset('reference-2mbps', 2), []), [runForDisplay(preset('reference-2mbps', 2), {})], 0);
    expect(whole.partial).toBe(false);
    expect(whole.endS).toBe(2);
    expect(overSpan(whole)).toBe('over 2 s');
    // the duration cap: a 3600 s scenario shown up to 600 s is partial too
    const shortened = runForDisplay(long, { caps: { maxDurationS: 3 } });
    const set3 = buildRunSet(runJobs(long, []), [shortened], 0);
    expect(set3.endS).toBe(3);
    expect(overSpan(set3)).toBe('over the first 3 s');
  });
});
