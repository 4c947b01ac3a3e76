/** The Chiu–Jain panel's rates: bytes acknowledged per bin, counted from each flow's first ACK. */
import { describe, expect, it } from 'vitest';
import { offScale, offScaleAtRepairs, ratePoints, ratesScaleMax } from '../../src/ui/charts/ratesChart.ts';
import { CA_STATES, type TraceData } from '../../src/engine/core/trace.ts';

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

describe('the rates chart’s axes', () => {
  const pts = (coords: [number, number][]) => coords.map(([x, y], i) => ({ tS: (i + 1) * 0.5, x, y }));

  it('fit the efficiency line, not one bin where a repaired hole made the cumulative ACK jump', () => {
    // 99 bins near 1 Mb/s each on a 2 Mb/s link, one bin at 16.8 Mb/s
    const points = pts([...Array.from({ length: 99 }, (): [number, number] => [1, 0.9]), [16.8, 0]]);
    expect(ratesScaleMax(points, 2)).toBeCloseTo(2.5, 12); // 1.25 × capacity
    expect(offScale(points, 2.5)).toEqual({ count: 1, peakMbps: 16.8 });
  });

  it('grow when more than 5 % of the bins really lie beyond the line', () => {
    // 10 of 20 bins at 3 Mb/s (a link whose rate was raised mid-run, say): the 95th percentile is 3
    const points = pts([...Array.from({ length: 10 }, (): [number, number] => [1, 1]), ...Array.from({ length: 10 }, (): [number, number] => [3, 0])]);
    expect(ratesScaleMax(points, 2)).toBeCloseTo(3.15, 12);
    expect(offScale(points, 3.15).count).toBe(0);
  });

  it('say a bin beyond them is a repair only when that flow left recovery in that bin', () => {
    const points = pts([[1, 1], [9, 1]]); // the second bin is (0.5 s, 1 s]
    const withExit = (tS: number, flow: number): TraceData =>
      ({ castate: { tNs: Float64Array.of(tS * 1e9), flow: Float64Array.of(flow), from: Float64Array.of(CA_STATES.indexOf('recovery')), to: Float64Array.of(CA_STATES.indexOf('open')), sndUna: Float64Array.of(0) } }) as unknown as TraceData;
    expect(offScaleAtRepairs(withExit(0.8, 0), points, 2.5, 0.5)).toBe(true);
    expect(offScaleAtRepairs(withExit(0.3, 0), points, 2.5, 0.5)).toBe(false); // the exit is in the first bin
    expect(offScaleAtRepairs(withExit(0.8, 1), points, 2.5, 0.5)).toBe(false); // the other flow's exit
  });
});
