/** The Chiu–Jain panel's rates: bytes acknowledged per bin, counted from each flow's first ACK. */
import { describe, expect, it } from 'vitest';
import { ratePoints } from '../../src/ui/charts/ratesChart.ts';
import type { TraceData } from '../../src/engine/core/trace.ts';

function trace(acks: [tS: number, flow: number, ackNo: number][]): TraceData {
  return { ack: { tNs: Float64Array.from(acks, (a) => a[0] * 1e9), flow: Float64Array.from(acks, (a) => a[1]), ackNo: Float64Array.from(acks, (a) => a[2]) } } as unknown as TraceData;
}

describe('ratePoints', () => {
  it('gives each flow its delivered rate per bin, from its first ACK on', () => {
    // flow 0: 125 000 bytes per second from t = 0; flow 1 starts at 1 s with a large first ACK number
    const acks: [number, number, number][] = [];
    // ACKs at 0.05, 0.15, … s: never on a bin edge
    for (let k = 0; k < 30; k++) acks.push([k / 10 + 0.05, 0, (k + 1) * 12_500]);
    for (let k = 10; k < 30; k++) acks.push([k / 10 + 0.05, 1, 1e9 + (k - 9) * 6_250]);
    acks.sort((a, b) => a[0] - b[0]);
    const p = ratePoints(trace(acks), 3, 1);
    expect(p.map((x) => x.tS)).toEqual([1, 2, 3]);
    expect(p[1].x).toBeCloseTo(1, 1); // 125 kB/s = 1 Mb/s
    expect(p[0].y).toBe(0); // not started
    expect(p[2].y).toBeCloseTo(0.5, 1);
    expect(Math.max(...p.map((x) => x.y))).toBeLessThan(0.6); // its first ACK number is not a rate
  });
});
