/**
 * The reconstruction fills the simulator's own trace columns: the panels' series builders
 * (src/ui/charts/series.ts) read a captured connection unchanged, and what they give matches
 * the capture's counts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOW_EVENTS, TRACE_TABLES } from '../../src/engine/core/trace.ts';
import { cwndSeries, eventTimes, timeSeq } from '../../src/ui/charts/series.ts';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';

describe('a captured connection in the panels’ series', () => {
  const bytes = new Uint8Array(readFileSync(new URL('../../public/samples/linux-cubic.pcap', import.meta.url)));
  const r = reconstruct(importCapture(bytes).connections[0].segments);

  it('has every table and column the simulator writes', () => {
    for (const [table, cols] of Object.entries(TRACE_TABLES)) expect(Object.keys(r.trace[table as keyof typeof TRACE_TABLES]).sort()).toEqual([...cols].sort());
  });

  it('draws as a time–sequence diagram, a window and loss-event marks', () => {
    const ts = timeSeq(r.trace, 0, r.summary.mssBytes);
    expect(ts.sendS.length).toBe(r.summary.dataPackets);
    expect(ts.retransmit.reduce((a, b) => a + b, 0)).toBe(r.summary.retransmissions);
    // the first segment at t = 0, sequence 0
    expect([ts.sendS[0], ts.sendSeg[0]]).toEqual([0, 0]);
    // the highest ACK drawn is what was acknowledged
    expect(Math.max(...ts.ackSeg)).toBe(r.summary.bytesAcked / r.summary.mssBytes);
    const w = cwndSeries(r.trace, 0, r.summary.mssBytes);
    expect(w.tS.length).toBeGreaterThan(1000);
    // the initial window: ten segments in flight before the first ACK
    expect(Math.max(...w.cwndSeg.subarray(0, 10))).toBe(10);
    expect(eventTimes(r.trace, 0, FLOW_EVENTS.indexOf('fast-retransmit')).length).toBe(r.summary.fastRecoveries);
  });
});
