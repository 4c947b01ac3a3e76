/**
 * Cross-traffic sources: CBR with a rate schedule, Pareto ON/OFF, short-lived FTP sessions.
 * Expectations come from hand computation (packet spacing), from replaying each source's
 * documented draw order on a twin stream, and from 99.9 % confidence intervals (z = 3.2905).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { msToNs, Simulator, sToNs } from '../../src/engine/core/simulator.ts';
import { nullSink } from '../../src/engine/core/trace.ts';
import { Link } from '../../src/engine/net/link.ts';
import { CROSS_TRAFFIC_FLOW, type Endpoint, type Packet } from '../../src/engine/net/packet.ts';
import { DropTailQueue } from '../../src/engine/net/queue.ts';
import { CbrSource } from '../../src/engine/traffic/cbr.ts';
import { FtpSessionGenerator } from '../../src/engine/traffic/ftp-sessions.ts';
import { pareto, ParetoOnOffSource, type ParetoOnOffParams } from '../../src/engine/traffic/pareto-onoff.ts';
import { TrafficSink } from '../../src/engine/traffic/sink.ts';

const Z999 = 3.2905;

/** Records arrival times (and checks the packets are cross traffic). */
class Recorder implements Endpoint {
  readonly timesNs: number[] = [];
  constructor(private readonly sim: Simulator) {}
  receive(p: Packet): void {
    expect(p.flow).toBe(CROSS_TRAFFIC_FLOW);
    expect(p.isAck).toBe(false);
    this.timesNs.push(this.sim.now());
  }
}

describe('CbrSource', () => {
  it('cbr sends 1000 B every 8 ms at 1 Mb/s from the step time, up to and including the run end', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    const cbr = new CbrSource(sim, { packetBytes: 1000, schedule: [{ atNs: sToNs(1), rateBps: 1e6 }], route: [], sink: rec });
    cbr.start();
    sim.runUntil(sToNs(2));
    // 8000 bits / 1e6 b/s = 8 ms; packets at 1 s + 8k ms for k = 0..125 (125·8 ms = 1 s).
    expect(rec.timesNs).toEqual(Array.from({ length: 126 }, (_, k) => sToNs(1) + k * msToNs(8)));
    expect(cbr.sentPackets).toBe(126);
    expect(cbr.sentBytes).toBe(126_000);
  });

  it('cbr spacing does not drift when the interval is not a whole number of ns', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    // 1500 B at 7 Mb/s: 12000/7e6 s = 1 714 285.714… ns per packet.
    new CbrSource(sim, { packetBytes: 1500, schedule: [{ atNs: 0, rateBps: 7e6 }], route: [], sink: rec }).start();
    sim.runUntil(sToNs(12));
    expect(rec.timesNs.length).toBe(7001);
    for (let k = 0; k <= 7000; k += 7) expect(rec.timesNs[k]).toBe((k / 7) * 12_000_000); // exact every 7th packet
    expect(rec.timesNs[1]).toBe(1_714_286);
    expect(rec.timesNs[2]).toBe(3_428_571);
    // Summing the rounded interval (1 714 286 ns) would have put packet 7000 at 12.000002 s.
    expect(rec.timesNs[7000]).toBe(sToNs(12));
  });

  it('cbr follows the New Jersey reverse schedule: 1 Mb/s, silent, jammed, released', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    const cbr = new CbrSource(sim, {
      packetBytes: 1000,
      schedule: [
        { atNs: sToNs(1), rateBps: 1e6 },
        { atNs: sToNs(5), rateBps: 0 },
        { atNs: sToNs(10), rateBps: 4e6 },
        { atNs: sToNs(15), rateBps: 0 },
      ],
      route: [],
      sink: rec,
    });
    cbr.start();
    sim.runUntil(sToNs(30));
    const inWindow = (a: number, b: number) => rec.timesNs.filter((t) => t >= sToNs(a) && t < sToNs(b)).length;
    expect(inWindow(0, 1)).toBe(0);
    expect(inWindow(1, 5)).toBe(500); // 4 s / 8 ms
    expect(inWindow(5, 10)).toBe(0);
    expect(inWindow(10, 15)).toBe(2500); // 5 s / 2 ms
    expect(inWindow(15, 31)).toBe(0);
    expect(cbr.sentPackets).toBe(3000);
    expect(cbr.sentBytes).toBe(3_000_000);
  });

  it('cbr restarts the spacing at each step: the first packet of a step leaves at its start', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    // 1000 B at 3 Mb/s: 2 666 666.67 ns per packet; the step to 2 Mb/s at 10 ms cuts the run.
    new CbrSource(sim, {
      packetBytes: 1000,
      schedule: [
        { atNs: 0, rateBps: 3e6 },
        { atNs: msToNs(10), rateBps: 2e6 },
      ],
      route: [],
      sink: rec,
    }).start();
    sim.runUntil(msToNs(20));
    expect(rec.timesNs).toEqual([0, 2_666_667, 5_333_333, 8_000_000, 10_000_000, 14_000_000, 18_000_000]);
  });

  it('cbr packets cross a real link: arrival = send + serialization + propagation', () => {
    const sim = new Simulator();
    const sink = new TrafficSink(sim);
    const rec = new Recorder(sim);
    const link = new Link({ id: 'rev', index: 0, rateBps: 10e6, delayNs: msToNs(10), queue: new DropTailQueue(100), errors: null, sim, trace: nullSink });
    new CbrSource(sim, { packetBytes: 1000, schedule: [{ atNs: 0, rateBps: 1e6 }], route: [link], sink: rec }).start();
    new CbrSource(sim, { packetBytes: 500, schedule: [{ atNs: msToNs(100), rateBps: 1e6 }], route: [], sink }).start();
    sim.runUntil(msToNs(50));
    // 8000 bits at 10 Mb/s = 0.8 ms, then 10 ms: sent at 0, 8, 16, 24, 32 ms (40 ms arrives after 50 ms).
    expect(rec.timesNs).toEqual([0, 8, 16, 24, 32].map((ms) => msToNs(ms + 10.8)));
    expect(link.delivered).toBe(5);
    expect(sink.receivedPackets).toBe(0);
    expect(sink.lastArrivalNs).toBe(-1);
    sim.runUntil(msToNs(108));
    expect(sink.receivedPackets).toBe(3); // 100, 104, 108 ms (4000 bits at 1 Mb/s)
    expect(sink.receivedBytes).toBe(1500);
    expect(sink.lastArrivalNs).toBe(msToNs(108));
  });

  it('cbr rejects unordered steps, negative rates, a packet shorter than 1 ns, and a second start', () => {
    const sim = new Simulator();
    const sink = new TrafficSink(sim);
    const base = { packetBytes: 1000, route: [], sink };
    expect(() => new CbrSource(sim, { ...base, schedule: [{ atNs: 5, rateBps: 1 }, { atNs: 5, rateBps: 2 }] })).toThrow(/does not follow/);
    expect(() => new CbrSource(sim, { ...base, schedule: [{ atNs: 0, rateBps: -1 }] })).toThrow(/≥ 0/);
    expect(() => new CbrSource(sim, { ...base, schedule: [{ atNs: 0, rateBps: 1e13 }] })).toThrow(/under 1 ns/);
    expect(() => new CbrSource(sim, { ...base, packetBytes: 0, schedule: [] })).toThrow(/positive integer/);
    const ok = new CbrSource(sim, { ...base, schedule: [{ atNs: 0, rateBps: 1e6 }] });
    ok.start();
    expect(() => ok.start()).toThrow(/twice/);
  });
});

/** ON periods [start, end) replayed from a twin stream in the source's documented draw order. */
function replayOnPeriods(seed: number, name: string, p: ParetoOnOffParams, horizonNs: number): [number, number][] {
  const r = new Rng(seed).stream(name);
  const mean = (on: boolean) => (on ? p.meanOnNs : p.meanOffNs);
  let t = p.startNs ?? 0;
  let on = r.next() < p.meanOnNs / (p.meanOnNs + p.meanOffNs);
  let len = Math.round(pareto(r, p.shape, mean(on)) * r.next());
  const out: [number, number][] = [];
  while (t <= horizonNs) {
    if (on) out.push([t, t + len]);
    t += len;
    on = !on;
    len = Math.round(pareto(r, p.shape, mean(on)));
  }
  return out;
}

function onTimeUntil(periods: [number, number][], horizonNs: number): number {
  return periods.reduce((s, [a, b]) => s + Math.max(0, Math.min(b, horizonNs) - a), 0);
}

describe('ParetoOnOffSource', () => {
  // The NewReno-LP paper's cross traffic: shape 1.5, ON 100 ms, OFF 200 ms, 1500 B packets.
  const paper = (sink: Endpoint, rateBps: number): ParetoOnOffParams => ({
    packetBytes: 1500,
    rateBps,
    shape: 1.5,
    meanOnNs: msToNs(100),
    meanOffNs: msToNs(200),
    route: [],
    sink,
  });

  it('pareto on/off never sends during OFF, and sends at the ON rate (within one packet of ON time × rate)', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    const params = { ...paper(rec, 1e6), startNs: msToNs(250) };
    const src = new ParetoOnOffSource(sim, params, new Rng(5).stream('poo:0'));
    src.start();
    const horizonNs = sToNs(300);
    sim.runUntil(horizonNs);
    const periods = replayOnPeriods(5, 'poo:0', params, horizonNs);
    expect(periods.length).toBeGreaterThan(500); // ~1000 cycles in 300 s: the check covers many periods
    let j = 0;
    for (const t of rec.timesNs) {
      while (j < periods.length && periods[j][1] <= t) j++;
      expect(j < periods.length && periods[j][0] <= t && t < periods[j][1], `packet at ${t} ns is outside every ON period`).toBe(true);
    }
    const packetNs = (1500 * 8 * 1e9) / 1e6; // 12 ms
    expect(Math.abs(src.sentPackets - onTimeUntil(periods, horizonNs) / packetNs)).toBeLessThanOrEqual(1);
    expect(src.sentBytes).toBe(1500 * src.sentPackets);
    expect(rec.timesNs.length).toBe(src.sentPackets);
  });

  it('pareto on/off long-run rate is rate·meanOn/(meanOn + meanOff) within a 99.9 % renewal-CLT interval (shape 3)', () => {
    // Shape 3 so that the periods have a finite variance and the CLT applies (at shape 1.5 the
    // variance is infinite; the test above checks the rate given the ON time exactly instead).
    const sim = new Simulator();
    const sink = new TrafficSink(sim);
    const rateBps = 1e6;
    const meanOn = 0.1;
    const meanOff = 0.2;
    const src = new ParetoOnOffSource(sim, { ...paper(sink, rateBps), shape: 3 }, new Rng(6).stream('poo:long'));
    src.start();
    const horizonS = 6000;
    sim.runUntil(sToNs(horizonS));
    const f = meanOn / (meanOn + meanOff);
    // Pareto(α = 3) variance = mean²/3. ON fraction over n cycles: by the delta method,
    // Var ≈ ((1 − f)²·Var ON + f²·Var OFF) / (n·(meanOn + meanOff)²), n = horizon / cycle.
    const cycles = horizonS / (meanOn + meanOff);
    const sdF = Math.sqrt(((1 - f) ** 2 * (meanOn ** 2 / 3) + f ** 2 * (meanOff ** 2 / 3)) / cycles) / (meanOn + meanOff);
    const measuredBps = (src.sentBytes * 8) / horizonS;
    const onePacketBps = (1500 * 8) / horizonS;
    expect(Math.abs(measuredBps - rateBps * f)).toBeLessThan(rateBps * Z999 * sdF + onePacketBps);
    expect(sink.receivedBytes).toBe(src.sentBytes);
  });

  it('pareto on/off sources are not synchronized: the share starting ON is meanOn/(meanOn + meanOff)', () => {
    const sim = new Simulator();
    const sink = new TrafficSink(sim);
    const n = 3000;
    const sources = Array.from({ length: n }, (_, i) => new ParetoOnOffSource(sim, paper(sink, 0.5e6), new Rng(7).stream(`poo:${i}`)));
    for (const s of sources) s.start();
    sim.runUntil(0);
    const onNow = sources.filter((s) => s.isOn).length;
    const p = 1 / 3;
    expect(Math.abs(onNow - n * p)).toBeLessThan(Z999 * Math.sqrt(n * p * (1 - p)));
    // Every source that starts ON sends its first packet at once.
    expect(sink.receivedPackets).toBe(onNow);
  });

  it('pareto on/off sends nothing before startNs or at/after stopNs', () => {
    const sim = new Simulator();
    const rec = new Recorder(sim);
    const src = new ParetoOnOffSource(sim, { ...paper(rec, 2e6), startNs: sToNs(1), stopNs: sToNs(21) }, new Rng(8).stream('poo:stop'));
    src.start();
    sim.runUntil(sToNs(60));
    expect(rec.timesNs.length).toBeGreaterThan(0);
    expect(Math.min(...rec.timesNs)).toBeGreaterThanOrEqual(sToNs(1));
    expect(Math.max(...rec.timesNs)).toBeLessThan(sToNs(21));
    expect(src.isOn).toBe(false);
    expect(sim.pending).toBe(0); // nothing left scheduled after the stop
  });

  it('pareto on/off rejects shape ≤ 1 and non-positive means', () => {
    const sim = new Simulator();
    const sink = new TrafficSink(sim);
    const s = new Rng(1).stream('x');
    expect(() => new ParetoOnOffSource(sim, { ...paper(sink, 1e6), shape: 1 }, s)).toThrow(/shape 1 must be > 1/);
    expect(() => new ParetoOnOffSource(sim, { ...paper(sink, 1e6), meanOffNs: 0 }, s)).toThrow(/must be > 0/);
  });
});

describe('FtpSessionGenerator', () => {
  interface Log {
    index: number;
    openNs: number;
    closeNs: number | null;
  }

  function run(seed: number, params: ConstructorParameters<typeof FtpSessionGenerator>[1], horizonNs: number) {
    const sim = new Simulator();
    const log: Log[] = [];
    const gen = new FtpSessionGenerator(sim, params, new Rng(seed).stream('ftp'), (index, nowNs) => {
      expect(nowNs).toBe(sim.now());
      const entry: Log = { index, openNs: nowNs, closeNs: null };
      log.push(entry);
      return {
        close() {
          expect(entry.closeNs, `session ${index} closed twice`).toBeNull();
          entry.closeNs = sim.now();
        },
      };
    });
    gen.start();
    sim.runUntil(horizonNs);
    return { gen, log };
  }

  it('ftp sessions open and close exactly when the documented draws say', () => {
    const params = { meanGapNs: sToNs(1), meanDurationNs: sToNs(3), startNs: sToNs(2) };
    const horizonNs = sToNs(500);
    const { gen, log } = run(21, params, horizonNs);
    // Replay: first gap at the start; then per session its duration, then the gap to the next.
    const r = new Rng(21).stream('ftp');
    let t = sToNs(2) + Math.round(r.exponential(sToNs(1)));
    let i = 0;
    for (; t <= horizonNs; i++) {
      const d = Math.round(r.exponential(sToNs(3)));
      expect(log[i].index).toBe(i);
      expect(log[i].openNs).toBe(t);
      expect(log[i].closeNs).toBe(t + d <= horizonNs ? t + d : null);
      t += Math.round(r.exponential(sToNs(1)));
    }
    expect(log.length).toBe(i);
    expect(gen.sessionsStarted).toBe(i);
    expect(gen.sessionsEnded).toBe(log.filter((e) => e.closeNs !== null).length);
    expect(gen.activeSessions).toBe(gen.sessionsStarted - gen.sessionsEnded);
  });

  it('ftp session gaps (start to start) and durations have the paper\'s means within 99.9 % CLT intervals', () => {
    const meanGapS = 1;
    const meanDurS = 3;
    const { log } = run(22, { meanGapNs: sToNs(meanGapS), meanDurationNs: sToNs(meanDurS) }, sToNs(20_000));
    const closed = log.filter((e) => e.closeNs !== null);
    const gaps = log.slice(1).map((e, i) => e.openNs - log[i].openNs);
    const durations = closed.map((e) => (e.closeNs as number) - e.openNs);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(gaps.length).toBeGreaterThan(15_000);
    // Exponential: sd = mean. Rounding to whole ns shifts nothing at this scale.
    expect(Math.abs(mean(gaps) - sToNs(meanGapS))).toBeLessThan((Z999 * sToNs(meanGapS)) / Math.sqrt(gaps.length));
    expect(Math.abs(mean(durations) - sToNs(meanDurS))).toBeLessThan((Z999 * sToNs(meanDurS)) / Math.sqrt(durations.length));
    // Arrivals are Poisson regardless of durations, so sessions overlap: some start before the previous one ends.
    expect(log.some((e, i) => i > 0 && log[i - 1].closeNs !== null && e.openNs < (log[i - 1].closeNs as number))).toBe(true);
  });

  it('ftp sessions stop opening at stopNs but open ones run their full duration', () => {
    const { gen, log } = run(23, { meanGapNs: sToNs(1), meanDurationNs: sToNs(3), stopNs: sToNs(50) }, sToNs(1000));
    expect(log.length).toBeGreaterThan(20);
    expect(Math.max(...log.map((e) => e.openNs))).toBeLessThan(sToNs(50));
    expect(log.every((e) => e.closeNs !== null)).toBe(true);
    expect(gen.activeSessions).toBe(0);
  });

  it('ftp sessions reject non-positive means and a second start', () => {
    const sim = new Simulator();
    const s = new Rng(1).stream('ftp');
    const open = () => ({ close() {} });
    expect(() => new FtpSessionGenerator(sim, { meanGapNs: 0, meanDurationNs: 1 }, s, open)).toThrow(/must be > 0/);
    const gen = new FtpSessionGenerator(sim, { meanGapNs: 1e9, meanDurationNs: 1e9 }, s, open);
    gen.start();
    expect(() => gen.start()).toThrow(/twice/);
  });
});
