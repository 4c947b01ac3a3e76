import { describe, expect, it } from 'vitest';
import { getPreset, presetNames, PRESETS } from '../../src/content/presets/index.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import type { ErrorModelSpec, Scenario } from '../../src/scenario/schema.ts';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { MAX_COMPARE } from '../../src/ui/state/view.ts';
import { checkedRun, violations } from '../harness/invariants.ts';
import { runScenario } from '../../src/engine/run.ts';

function parsed(name: string): Scenario {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  const r = parseScenario(p.scenario);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('presets', () => {
  it.each(PRESETS.map((p) => p.name))('%s validates', (name) => {
    const p = getPreset(name);
    const r = parseScenario(p?.scenario);
    expect(r.ok ? '' : formatErrors(r.errors)).toBe('');
  });

  it('compare only registered variants, distinct, at most the compare limit', () => {
    for (const p of PRESETS) {
      if (p.compare === undefined) continue;
      expect(p.compare.length, p.name).toBeGreaterThan(1);
      expect(p.compare.length, p.name).toBeLessThanOrEqual(MAX_COMPARE);
      expect(new Set(p.compare).size, p.name).toBe(p.compare.length);
      for (const v of p.compare) expect(variantNames(), p.name).toContain(v);
    }
  });

  it('have unique kebab-case names, a group and a one-line description', () => {
    expect(new Set(presetNames()).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(p.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.group.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.description).not.toContain('\n');
    }
  });

  it('keep each menu group together', () => {
    const groups = PRESETS.map((p) => p.group);
    const seen = new Set<string>();
    groups.forEach((g, i) => {
      if (i > 0 && g !== groups[i - 1]) expect(seen.has(g), `group ${g} appears twice, apart`).toBe(false);
      seen.add(g);
    });
    expect(PRESETS[0].group).toBe('Reference');
  });

  it('include the reference presets', () => {
    expect(presetNames()).toEqual(expect.arrayContaining(['reference-2mbps', 'fairness-5flows', 'lossy-10mbps']));
  });

  it('getPreset returns a copy, so callers cannot edit the catalogue', () => {
    const a = getPreset('reference-2mbps');
    (a?.scenario as { durationS: number }).durationS = 1;
    expect(getPreset('reference-2mbps')?.scenario.durationS).toBe(100);
    expect(getPreset('no-such-preset')).toBeUndefined();
  });
});

// These scenarios are compared with other simulators: their meaning must not drift.
describe('reference preset contents', () => {
  const referenceTcp = { mssBytes: 1000, initialCwndSegments: 2, sack: false, timestamps: true, delayedAck: false };

  it('reference-2mbps', () => {
    const s = parsed('reference-2mbps');
    expect(s.durationS).toBe(100);
    expect(s.path).toHaveLength(1);
    const b = s.path[0];
    expect(b.forward).toEqual({ rateBps: 2e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 25, limitBytes: null }, errors: [], rateSdBps: 0, rateSlotMs: null, extraDelayMeanMs: 0 });
    expect(b.reverse).toEqual(b.forward);
    expect(s.flows).toHaveLength(1);
    const f = s.flows[0];
    expect(f).toMatchObject({ variant: 'newreno', startS: 0, bytes: null, tcp: referenceTcp });
    expect(f.access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
    expect(f.access.reverse).toEqual(f.access.forward);
  });

  it('fairness-5flows', () => {
    const s = parsed('fairness-5flows');
    expect(s.durationS).toBe(100);
    expect(s.path).toHaveLength(1);
    expect(s.path[0].forward).toMatchObject({ rateBps: 10e6, delayMs: 49, queue: { kind: 'droptail', limitPackets: 125 }, errors: [] });
    expect(s.path[0].reverse).toEqual(s.path[0].forward);
    expect(s.flows).toHaveLength(5);
    for (const f of s.flows) {
      expect(f).toMatchObject({ variant: 'newreno', startS: 0, bytes: null, tcp: referenceTcp });
      expect(f.access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
    }
    expect(new Set(s.flows.map((f) => f.access.id)).size).toBe(5);
  });

  it('lossy-10mbps', () => {
    const s = parsed('lossy-10mbps');
    expect(s.durationS).toBe(100);
    const b = s.path[0];
    expect(b.forward).toMatchObject({ rateBps: 10e6, delayMs: 49, queue: { limitPackets: 1000 }, errors: [{ kind: 'bernoulli', per: 0.01 }] });
    expect(b.reverse.errors).toEqual([]);
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0]).toMatchObject({ variant: 'newreno', tcp: { mssBytes: 1000, delayedAck: false } });
    expect(s.flows[0].access.forward).toMatchObject({ rateBps: 100e6, delayMs: 1, errors: [] });
  });
});

/** One-way propagation delay from the sender to the receiver: access link plus every path link. */
function oneWayDelayMs(s: Scenario): number {
  return s.flows[0].access.forward.delayMs + s.path.reduce((a, l) => a + l.forward.delayMs, 0);
}

/** The same for the ACK direction. */
function reverseDelayMs(s: Scenario): number {
  return s.flows[0].access.reverse.delayMs + s.path.reduce((a, l) => a + l.reverse.delayMs, 0);
}

function gilbertElliott(e: ErrorModelSpec | undefined): Extract<ErrorModelSpec, { kind: 'gilbert-elliott' }> {
  if (e?.kind !== 'gilbert-elliott') throw new Error(`expected a gilbert-elliott model, got ${JSON.stringify(e)}`);
  return e;
}

/** Every error model of the scenario, by link direction, so a test can say where losses may happen. */
function lossyDirections(s: Scenario): string[] {
  const out: string[] = [];
  for (const l of [...s.path, ...s.flows.map((f) => f.access)]) {
    if (l.forward.errors.length > 0) out.push(`${l.id}/fwd`);
    if (l.reverse.errors.length > 0) out.push(`${l.id}/rev`);
  }
  return out;
}

/** "5M bytes" / "5-MB (5,242,880 bytes)": TCP-Probing §4.1 spells it out; TCP-Real §3 uses the same size. */
const FIVE_MB = 5_242_880;

// Each paper preset's key numbers, against the paper's own text (section cited per line).
describe('paper presets match their papers', () => {
  it('real-link-errors (TCP-Real §3, §4.1, Tables 1 and 4)', () => {
    const s = parsed('real-link-errors');
    expect(oneWayDelayMs(s)).toBeCloseTo(15, 9); // §4.1 "one-way propagation delay of 15 ms"
    const f = s.flows[0];
    expect(f.bytes).toBe(FIVE_MB); // §3 "5M bytes original data"
    expect(f.tcp.mssBytes).toBe(1000); // §3 "Each token corresponds to a packet of 1 KB"
    expect(f.tcp.rwndSegments).toBe(2 * 24); // §3 24 wave levels, level i = 2·i segments
    expect(f.playback).toMatchObject({ readBytes: 5000, periodMs: 40 }); // §3 "read and consume 5KB each time, 25 times a second"
    expect(1000 / f.playback!.periodMs).toBe(25);
    expect(lossyDirections(s)).toEqual(['link/fwd']); // §4.1: Table 1 errors on the data path, Table 2 on the reverse
    const ge = gilbertElliott(s.path[0].forward.errors[0]);
    expect(ge).toMatchObject({ meanGoodS: 1, meanBadS: 1, perGood: 0, badState: 'bad' }); // §3 equal 1 s sojourns, one state drop-free
    expect([0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5]).toContain(ge.perBad); // Table 1 dropping rates
    expect(f.variant).toBe('reno'); // §4.1 compares TCP-Real with Reno and Tahoe
  });

  it('real-handoff (TCP-Real §4.1, Tables 3 and 6)', () => {
    const s = parsed('real-handoff');
    expect(oneWayDelayMs(s)).toBeCloseTo(15, 9);
    const ge = gilbertElliott(s.path[0].forward.errors[0]);
    // "mean sojourn time was set to 5 seconds for state OFF and to 0.5 for state ON. The dropping rate for state ON was always 0.99"
    expect(ge).toMatchObject({ meanGoodS: 5, meanBadS: 0.5, perGood: 0, perBad: 0.99, badState: 'off' });
    expect(s.path[0].forward.errors).toHaveLength(1);
    expect(s.flows[0].tcp.rwndSegments).toBe(48);
    expect(s.durationS).toBeLessThanOrEqual(120);
  });

  it('real-token-bucket (TCP-Real §3, §4.4)', () => {
    const s = parsed('real-token-bucket');
    const f = s.flows[0];
    // §3 "a depth of 20KB and a rate of 20 tokens per 30ms. Each token corresponds to a packet of 1 KB"
    expect(f.tokenBucket).toEqual({ tokensPerInterval: 20, intervalMs: 30, depthTokens: 20 });
    expect(f.tokenBucket!.depthTokens * f.tcp.mssBytes).toBe(20_000);
    expect(oneWayDelayMs(s)).toBeCloseTo(15, 9); // §4.4 "with the 15ms delay"
    const ge = gilbertElliott(s.path[0].forward.errors[0]);
    expect(ge).toMatchObject({ meanGoodS: 1, meanBadS: 1, perGood: 0, perBad: 0.2 }); // §4.4 "20% packet dropping rate … during the ON phase"
    // The bucket's rate (20 · 8000 bits per 30 ms ≈ 5.33 Mb/s) must be below the link's, or the
    // test would measure the link instead of "the transmission speed the token bucket allows".
    const bucketBps = (f.tokenBucket!.tokensPerInterval * f.tcp.mssBytes * 8) / (f.tokenBucket!.intervalMs / 1000);
    expect(bucketBps).toBeLessThan(s.path[0].forward.rateBps);
  });

  it('probing-testbed (TCP-Probing §4.1–4.2, Table A2)', () => {
    const s = parsed('probing-testbed');
    const f = s.flows[0];
    expect(f.bytes).toBe(FIVE_MB); // §4.1 "5-MB (5,242,880 bytes)"
    expect(f.tcp.rwndSegments).toBe(64); // §4.1 "The TCP max sending window was set to 64"
    expect(f.tcp.mssBytes).toBe(1000); // §5.3 "single segment (which happens to be 1KB in our experiments)"
    expect(oneWayDelayMs(s)).toBeCloseTo(50, 9); // Table A2 "propagation delay 50 ms"
    // §4.2: "the VLINK at the receiver was dropping packets while the VLINK at the sender was dropping acknowledgments"
    expect(lossyDirections(s)).toEqual(['link/fwd', 'link/rev']);
    for (const e of [s.path[0].forward.errors[0], s.path[0].reverse.errors[0]]) {
      const ge = gilbertElliott(e);
      expect(ge.meanGoodS).toBe(ge.meanBadS); // §4.2 "equal sojourn times"
      expect(ge.perGood).toBe(0); // §4.2 "One state was always configured with a zero drop rate"
      expect([0.01, 0.08, 0.16, 0.25, 0.4]).toContain(ge.perBad); // §4.2 PER of 1, 8, 16, 25 and 40 %
    }
    expect(f.variant).toBe('reno'); // §4.2 "We compare TCP-probing with TCP Reno"
  });

  it('probing-handoff (TCP-Probing §4.2, §5.3, Tables A8–A9)', () => {
    const s = parsed('probing-handoff');
    expect(oneWayDelayMs(s)).toBeCloseTo(20, 9); // Table A8 propagation delay 20 ms
    expect(s.flows[0].tcp.rwndSegments).toBe(64);
    const [channel, handoff] = s.path[0].forward.errors;
    expect(gilbertElliott(channel)).toMatchObject({ perGood: 0, perBad: 0.15, badState: 'bad' }); // Table A8 "handoffs (PER 15%)"
    // §4.2 heavy bursts: "a dropping rate of 1 for the 'On' phase"
    expect(gilbertElliott(handoff)).toMatchObject({ perGood: 0, perBad: 1, badState: 'off' });
    expect(gilbertElliott(s.path[0].reverse.errors[0]).perBad).toBe(0.15);
    expect(s.durationS).toBeLessThanOrEqual(120);
  });

  it('3g-variation (3G paper §4, Tables 1–2 case 8)', () => {
    const s = parsed('3g-variation');
    const w = s.path[0];
    // Case 8: rate u(200, 50) kb/s, delay 350 + e(50) ms.
    expect(w.forward).toMatchObject({ rateBps: 200e3, rateSdBps: 50e3, extraDelayMeanMs: 50 });
    expect(w.reverse).toMatchObject({ rateSdBps: 0, extraDelayMeanMs: 0 });
    // τ is the round trip (T = τ + 1/µ; Table 1 case 1: τ = 400 ms, T̂ = 440 ms at µ̂ = 25 packets/s).
    expect(oneWayDelayMs(s) + reverseDelayMs(s)).toBeCloseTo(350, 9);
    const mss = s.flows[0].tcp.mssBytes;
    expect(mss).toBe(1000); // "We use a packet size of 1000 bytes"
    const muPps = w.forward.rateBps / (mss * 8);
    expect(muPps).toBe(25); // Table 1: µ̂ = 25.0
    // "a buffer of 10 which represents the product of the average bandwidth times average delay"
    expect(w.forward.queue.limitPackets).toBe(10);
    expect(muPps * ((350 + 50) / 1000)).toBe(10);
    // "we ensure that the source is not window limited": above the sawtooth peak µT + B + 1 (§4).
    expect(s.flows[0].tcp.rwndSegments).toBeGreaterThan(muPps * 0.44 + 10 + 1);
  });

  for (const name of ['lp-uncorrelated', 'lp-correlated']) {
    it(`${name}: the NewReno-LP topology (§3, §4, §5.1)`, () => {
      const s = parsed(name);
      const [wired, wireless] = s.path;
      expect(wired.forward.rateBps).toBe(2e6); // §5.1 C_SN = 2 Mbit/s (also 5, 10)
      expect(wireless.forward.rateBps).toBe(10e6); // §5.1 C_ND = 10 Mbit/s
      expect(oneWayDelayMs(s) + reverseDelayMs(s)).toBeCloseTo(100, 1); // §5.1 "RTT is always equal to 100 ms"
      expect(wireless.forward.delayMs).toBe(0.01); // §4 τ_ND = 0.01 ms
      const tcp = s.flows[0].tcp;
      expect(tcp.mssBytes).toBe(1500); // §3 "MSS … equal to 1500 bytes"
      expect(tcp.delayedAck).toBe(true); // §3 "The TCP receiver always implements the Delayed ACKs algorithm"
      // §3 "all the queues can store a number of packets equal to the bandwidth-delay product":
      // 2 Mb/s × 100 ms = 25 000 bytes = 16.7 packets of 1500 bytes → 17.
      for (const l of s.path) expect(l.forward.queue.limitPackets).toBe(17);
      expect(lossyDirections(s)).toEqual(['wireless/fwd']); // losses on the wireless link only
      expect(s.flows[0].variant).toBe('newreno');
    });
  }

  it('lp-uncorrelated: independent losses and the Pareto ON/OFF cross traffic (§3)', () => {
    const s = parsed('lp-uncorrelated');
    const e = s.path[1].forward.errors[0];
    if (e.kind !== 'bernoulli') throw new Error('expected bernoulli errors');
    // "a packet error rate (PER) in the 10^-5 to 10^-1 range"
    expect(e.per).toBeGreaterThanOrEqual(1e-5);
    expect(e.per).toBeLessThanOrEqual(1e-1);
    expect(s.cross).toHaveLength(1);
    const c = s.cross[0];
    if (c.kind !== 'pareto-onoff') throw new Error('expected pareto-onoff cross traffic');
    // "30 UDP sources … Pareto-distributed periods having shape parameter equal to 1.5 and mean durations equal to 100 ms and 200 ms … 1500 byte size"
    expect(c).toMatchObject({ sources: 30, shape: 1.5, meanOnMs: 100, meanOffMs: 200, packetBytes: 1500, direction: 'forward', fromLink: 0, toLink: 0 });
    // "an available bandwidth … with an average equal to half the bottleneck capacity"
    const meanLoadBps = c.sources * c.rateBps * (c.meanOnMs / (c.meanOnMs + c.meanOffMs));
    expect(meanLoadBps).toBeCloseTo(s.path[0].forward.rateBps / 2, 6);
  });

  it('lp-correlated: the Good/Bad Markov channel (§3, §5.2)', () => {
    const s = parsed('lp-correlated');
    // "average durations of the Good and Bad states are equal to 1 and 0.05 seconds … In the Good state no packet loss occurs"
    const ge = gilbertElliott(s.path[1].forward.errors[0]);
    expect(ge).toMatchObject({ meanGoodS: 1, meanBadS: 0.05, perGood: 0, badState: 'bad' });
    expect(ge.perBad).toBeGreaterThan(0);
    expect(s.cross).toEqual([]);
  });

  it('nj-asymmetric (New Jersey §2.1, §3.5, §5.1)', () => {
    const s = parsed('nj-asymmetric');
    const [wired, wireless] = s.path;
    // "The bottleneck link is at the last wireless hop, which incurs wireless losses as well."
    const rates = [s.flows[0].access.forward.rateBps, ...s.path.map((l) => l.forward.rateBps)];
    expect(Math.min(...rates)).toBe(wireless.forward.rateBps);
    expect(s.path.at(-1)).toBe(wireless);
    expect(lossyDirections(s)).toEqual(['wireless/fwd']);
    expect(gilbertElliott(wireless.forward.errors[0]).perBad).toBeGreaterThan(0); // §2.1 Gilbert–Elliott model
    // "The link asymmetry is represented by the different bandwidth on the downlink and uplink."
    expect(wireless.reverse.rateBps).toBeLessThan(wireless.forward.rateBps);
    // CW marking at the routers (§3.5), on the bottleneck queue.
    expect(wireless.forward.queue.kind).toBe('cw');
    // "the buffer size at each link takes the value of the BDP of the link. If the BDP value is too small, … 20 packets"
    const pkt = s.flows[0].tcp.mssBytes;
    expect(pkt).toBe(1000); // §5.1 "packet size is 1000 byte"
    for (const l of s.path) {
      for (const d of [l.forward, l.reverse]) {
        const bdp = (d.rateBps * 2 * d.delayMs) / 1000 / 8 / pkt;
        expect(d.queue.limitPackets).toBe(Math.max(20, Math.ceil(bdp)));
      }
    }
    // Bidirectional short-lived FTP cross traffic on the wired portion: exponential gaps (mean 1 s), durations (mean 3 s).
    expect(s.cross.map((c) => [c.kind, c.direction, c.fromLink, c.toLink])).toEqual([
      ['ftp', 'forward', 0, 0],
      ['ftp', 'reverse', 0, 0],
    ]);
    for (const c of s.cross) expect(c).toMatchObject({ meanGapS: 1, meanDurationS: 3 });
    expect(s.path.indexOf(wired)).toBe(0);
    expect(s.flows[0].tcp.timestamps).toBe(true); // New Jersey's TABE needs the receiver's timestamps (§4.1)
  });

  it('keep runs interactive: at most 120 s of simulated time', () => {
    for (const p of PRESETS) expect(parsed(p.name).durationS, p.name).toBeLessThanOrEqual(120);
  });
});

// Every preset runs: a few simulated seconds, data delivered, every engine invariant kept.
describe('presets run', () => {
  it.each(PRESETS.map((p) => p.name))('%s delivers data in its first 5 s', (name) => {
    const s = parsed(name);
    s.durationS = 5;
    const run = checkedRun(s);
    expect(violations(run)).toEqual([]);
    for (const f of run.result.flows) expect(f.bytesDelivered, f.id).toBeGreaterThan(0);
  });
});

// The large-window presets: their numbers from the path's own rate and delay, and the classic
// result they are set up to show: with a buffer of one bandwidth-delay product a flow keeps the
// link busy after slow start, whichever of the compared variants it runs.
describe('large-window presets', () => {
  /** One BDP in 1500-byte packets: rate × RTT / (8 × 1500). */
  const bdpPackets = (rateBps: number, rttMs: number): number => Math.round((rateBps * rttMs) / 1000 / 8 / 1500);

  it.each([
    ['long-fat-100mbps', 100e6, 100, 833],
    ['fast-1gbps', 1e9, 20, 1667],
  ] as const)('%s: %d b/s, %d ms round trip, a one-BDP buffer (%d packets), SACK on, CUBIC / BBR / NewReno+SACK', (name, rateBps, rttMs, packets) => {
    const s = parsed(name);
    expect(s.path[0].forward.rateBps).toBe(rateBps);
    expect(2 * oneWayDelayMs(s)).toBe(rttMs);
    expect(2 * reverseDelayMs(s)).toBe(rttMs);
    expect(bdpPackets(rateBps, rttMs)).toBe(packets);
    expect(s.path[0].forward.queue.limitPackets).toBe(packets);
    expect(s.flows[0].access.forward.rateBps).toBeGreaterThan(rateBps);
    expect(s.flows[0].tcp).toMatchObject({ mssBytes: 1448, sack: true, timestamps: true });
    // The window the receiver offers is not what limits: above the BDP plus the buffer.
    expect(s.flows[0].tcp.rwndSegments).toBeGreaterThan(2 * packets);
    expect(getPreset(name)?.compare).toEqual(['cubic', 'bbr', 'newreno']);
  });

  it('fast-1gbps: each compared variant keeps the 1 Gb/s link busy after slow start (1.5 s)', () => {
    // Payload capacity: 1 Gb/s × 1448 / 1500 (52 header bytes per 1500-byte packet). Slow start
    // from 10 packets reaches the 1667-packet BDP in log2(167) ≈ 7.4 round trips (0.15 s) and runs
    // the link at well under capacity meanwhile: at most about 0.2 s of 1.5 s lost, so goodput
    // over the run is at least 85 % of capacity, with the buffer keeping the link busy afterwards.
    const capacityBps = (1e9 * 1448) / 1500;
    for (const variant of ['cubic', 'bbr', 'newreno']) {
      const s = parsed('fast-1gbps');
      const r = runScenario({ ...s, durationS: 1.5, flows: s.flows.map((f) => ({ ...f, variant })) }, { trace: false });
      expect(r.flows[0].goodputBps, variant).toBeGreaterThan(0.85 * capacityBps);
      expect(r.flows[0].timeouts, variant).toBe(0);
    }
  });
});
