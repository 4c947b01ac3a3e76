/**
 * Whole scenarios checked against yardsticks we did not write: the constant-rate sawtooth
 * model of Chan & Ramjee (MobiCom 2002, eq. 1–4), the Mathis and PFTK throughput formulas, and
 * Jain's fairness index. Every run is also checked against the engine invariants.
 */
import { describe, expect, it } from 'vitest';
import { FLOW_EVENTS } from '../../src/engine/core/trace.ts';
import { mathisThroughputBps } from '../../src/engine/models/mathis.ts';
import { pftkThroughputBps } from '../../src/engine/models/pftk.ts';
import { sawtoothModel } from '../../src/engine/models/sawtooth.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { applySet } from '../../src/scenario/set.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { checkedRun, violations } from '../harness/invariants.ts';

function preset(name: string, ...sets: string[]): Scenario {
  let input: unknown = getPreset(name)?.scenario;
  for (const s of sets) input = applySet(input, s);
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return r.scenario;
}

const HEADERS_BYTES = 40 + 12; // IP+TCP with the timestamp option: the presets use timestamps
const ACK_BYTES = HEADERS_BYTES;

describe('reference-2mbps against the constant-rate sawtooth model (3G paper eq. 1–4)', () => {
  const s = preset('reference-2mbps');
  const run = checkedRun(s);
  const mss = s.flows[0].tcp.mssBytes;
  const bottleneck = s.path[0];
  const access = s.flows[0].access;
  const pktBytes = mss + HEADERS_BYTES;
  const muPps = bottleneck.forward.rateBps / (pktBytes * 8);
  // τ: every fixed delay on the loop except the bottleneck's own serialization (which is 1/µ):
  // propagation both ways, the data packet's access-link serialization, the ACK's on both links.
  const tauS =
    (2 * (access.forward.delayMs + bottleneck.forward.delayMs)) / 1000 +
    (pktBytes * 8) / access.forward.rateBps +
    (ACK_BYTES * 8) / bottleneck.reverse.rateBps +
    (ACK_BYTES * 8) / access.reverse.rateBps;
  const model = sawtoothModel({ serviceRatePps: muPps, propagationRttS: tauS, bufferPackets: bottleneck.forward.queue.limitPackets });

  // Congestion-avoidance epochs, as the model describes them: from the end of a recovery
  // (cwnd = W0) to the next drop at the bottleneck (cwnd = Wmax). Skip the slow-start transient.
  const { cwnd, drop, event } = run.trace;
  const cwndAt = (tNs: number): number => {
    let v = Number.NaN;
    for (let i = 0; i < cwnd.tNs.length && cwnd.tNs[i] <= tNs; i++) v = cwnd.cwndBytes[i] / mss;
    return v;
  };
  const meanCwnd = (fromNs: number, toNs: number): number => {
    let area = 0;
    let last = fromNs;
    let v = cwndAt(fromNs);
    for (let i = 0; i < cwnd.tNs.length; i++) {
      const t = cwnd.tNs[i];
      if (t <= fromNs) continue;
      if (t > toNs) break;
      area += v * (t - last);
      last = t;
      v = cwnd.cwndBytes[i] / mss;
    }
    return (area + v * (toNs - last)) / (toNs - fromNs);
  };
  const exitCode = FLOW_EVENTS.indexOf('recovery-exit');
  const epochs: { w0: number; wMax: number; durationS: number; mean: number }[] = [];
  for (let i = 0; i < event.tNs.length; i++) {
    const t0 = event.tNs[i];
    if (event.kind[i] !== exitCode || t0 < 20e9) continue;
    const t1 = drop.tNs.find((t) => t > t0);
    if (t1 === undefined) break;
    epochs.push({ w0: cwndAt(t0), wMax: cwndAt(t1), durationS: (t1 - t0) / 1e9, mean: meanCwnd(t0, t1) });
  }
  const avg = (f: (e: (typeof epochs)[number]) => number): number => epochs.reduce((a, e) => a + f(e), 0) / epochs.length;

  it('keeps every invariant', () => {
    expect(violations(run)).toEqual([]);
  });

  it('reaches at least 90 % of the bottleneck payload rate', () => {
    const payloadRateBps = bottleneck.forward.rateBps * (mss / pktBytes);
    expect(run.result.flows[0].goodputBps).toBeGreaterThanOrEqual(0.9 * payloadRateBps);
  });

  it('has a steady sawtooth to compare', () => {
    expect(epochs.length).toBeGreaterThanOrEqual(10);
  });

  it('peaks at Wmax = µτ + B + 1 within 10 %', () => {
    expect(Math.abs(avg((e) => e.wMax) / model.wMaxPackets - 1)).toBeLessThan(0.1);
  });

  it('restarts from W0 = Wmax/2 within 10 %', () => {
    expect(Math.abs(avg((e) => e.w0) / model.w0Packets - 1)).toBeLessThan(0.1);
  });

  it('takes the model period t_A + t_B to grow from W0 to Wmax, within 10 %', () => {
    expect(Math.abs(avg((e) => e.durationS) / model.periodS - 1)).toBeLessThan(0.1);
  });

  it('averages the model mean window over the epoch, within 10 %', () => {
    expect(Math.abs(avg((e) => e.mean) / model.meanCwndPackets - 1)).toBeLessThan(0.1);
  });

  it('delivers the model throughput (n_A + n_B)/(t_A + t_B) within 10 %', () => {
    const modelGoodputBps = model.throughputPps * mss * 8;
    expect(Math.abs(run.result.flows[0].goodputBps / modelGoodputBps - 1)).toBeLessThan(0.1);
  });
});

describe('NewReno with random loss against Mathis and PFTK (10 Mb/s, 100 ms, large buffer)', () => {
  for (const per of [0.005, 0.01, 0.02]) {
    for (const seed of [1, 2, 3]) {
      it(`p = ${per * 100} %, seed ${seed}: 0.8 × PFTK ≤ goodput ≤ 1.2 × Mathis`, () => {
        const s = preset('lossy-10mbps', `path.0.forward.errors.0.per=${per}`);
        const run = checkedRun(s, seed);
        expect(violations(run)).toEqual([]);
        const tcp = s.flows[0].tcp;
        const bottleneck = s.path[0];
        const access = s.flows[0].access;
        const pktBytes = tcp.mssBytes + HEADERS_BYTES;
        // The buffer never fills at these loss rates, so the RTT is the fixed loop delay.
        const rttS =
          (2 * (access.forward.delayMs + bottleneck.forward.delayMs)) / 1000 +
          (pktBytes * 8) / access.forward.rateBps +
          (pktBytes * 8) / bottleneck.forward.rateBps +
          (ACK_BYTES * 8) / bottleneck.reverse.rateBps +
          (ACK_BYTES * 8) / access.reverse.rateBps;
        const common = { mssBytes: tcp.mssBytes, rttS, lossRate: per, ackedPerAck: tcp.delayedAck ? 2 : 1 };
        // T0: RTO = SRTT + 4·RTTVAR is far below the 1 s floor on this path, so T0 = minRto.
        const pftk = pftkThroughputBps({ ...common, rtoS: tcp.minRtoMs / 1000, maxWindowSegments: tcp.rwndSegments });
        const mathis = mathisThroughputBps(common);
        const goodput = run.result.flows[0].goodputBps;
        expect(goodput).toBeGreaterThanOrEqual(0.8 * pftk);
        expect(goodput).toBeLessThanOrEqual(1.2 * mathis);
      });
    }
  }
});

describe('fairness-5flows', () => {
  it("shares the bottleneck fairly: Jain's index ≥ 0.95", () => {
    const run = checkedRun(preset('fairness-5flows'));
    expect(violations(run)).toEqual([]);
    const x = run.result.flows.map((f) => f.goodputBps);
    const jain = x.reduce((a, b) => a + b, 0) ** 2 / (x.length * x.reduce((a, b) => a + b * b, 0));
    expect(jain).toBeGreaterThanOrEqual(0.95);
    // …and fills it: together at least 90 % of the payload rate.
    const payloadRateBps = 10e6 * (1000 / (1000 + HEADERS_BYTES));
    expect(x.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(0.9 * payloadRateBps);
  });
});
