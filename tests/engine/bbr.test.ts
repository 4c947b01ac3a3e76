/**
 * BBR v1 (draft-cardwell-iccrg-bbr-congestion-control-00, Linux tcp_bbr.c): the model pieces by
 * themselves (delivery-rate samples, rounds, BtlBw max filter over 10 rounds, RTprop min filter
 * over 10 s, window target), the mode functions (full-pipe detection, PROBE_BW gain cycle,
 * PROBE_RTT), then the whole variant on an emulated bottleneck (mode sequence STARTUP → DRAIN →
 * PROBE_BW → PROBE_RTT → PROBE_BW with the documented gains) and its loss handling.
 * MSS = 1000 bytes.
 */
import { describe, expect, it } from 'vitest';
import { msToNs, sToNs } from '../../src/engine/core/simulator.ts';
import { DRAIN_PACING_GAIN, drained } from '../../src/engine/tcp/cc/bbr/drain.ts';
import { DeliveryRateSampler, inflightTargetBytes, MinRttFilter, RoundCounter, WindowedMax } from '../../src/engine/tcp/cc/bbr/model.ts';
import { enterProbeBw, PROBE_BW_GAINS, probeBwStartIndex, updateCyclePhase } from '../../src/engine/tcp/cc/bbr/probe-bw.ts';
import { enterProbeRtt, probeRttStep } from '../../src/engine/tcp/cc/bbr/probe-rtt.ts';
import { checkFullPipe, STARTUP_GAIN } from '../../src/engine/tcp/cc/bbr/startup.ts';
import { initialState } from '../../src/engine/tcp/cc/bbr/state.ts';
import { bottleneckPath } from '../harness/bottleneck-path.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

const MSS = 1000;

describe('bbr model', () => {
  it('bbr gains: STARTUP 2/ln 2 = 2.885, DRAIN its inverse, PROBE_BW 1.25, 0.75, six × 1', () => {
    expect(STARTUP_GAIN).toBeCloseTo(2.88539, 5);
    expect(DRAIN_PACING_GAIN).toBeCloseTo(0.346574, 6);
    expect(PROBE_BW_GAINS).toEqual([1.25, 0.75, 1, 1, 1, 1, 1, 1]);
  });

  it('bbr BtlBw filter: the maximum of the last 10 rounds', () => {
    const f = new WindowedMax(10);
    expect(f.value).toBe(0);
    f.update(0, 100);
    f.update(3, 50);
    f.update(9, 70);
    // Round 9: the sample of round 0 is still inside (rounds 0–9)
    expect(f.value).toBe(100);
    f.update(10, 60);
    // Round 10: round 0 has left the window; the largest of rounds 1–10 is 70 (round 9)
    expect(f.value).toBe(70);
    f.update(19, 10);
    expect(f.value).toBe(60); // rounds 10–19: 60 from round 10
    f.update(20, 10);
    expect(f.value).toBe(10); // rounds 11–20
  });

  it('bbr RTprop filter: keeps the minimum for 10 s, then takes the next sample whatever it is', () => {
    const f = new MinRttFilter();
    expect(f.update(msToNs(100), sToNs(1))).toBe(false);
    expect(f.valueNs).toBe(msToNs(100));
    f.update(msToNs(120), sToNs(5)); // larger, window running: ignored
    expect(f.valueNs).toBe(msToNs(100));
    f.update(msToNs(100), sToNs(6)); // equal: refreshes the stamp (≤, as the draft)
    expect(f.stampNs).toBe(sToNs(6));
    expect(f.update(msToNs(130), sToNs(16))).toBe(false); // 16 s is not after 6 s + 10 s
    expect(f.valueNs).toBe(msToNs(100));
    // 16.001 s > 16 s: expired — the 130 ms sample replaces the minimum
    expect(f.update(msToNs(130), sToNs(16.001))).toBe(true);
    expect(f.valueNs).toBe(msToNs(130));
    expect(f.stampNs).toBe(sToNs(16.001));
  });

  it('bbr delivery rate: delivered bytes over max(send interval, ACK interval)', () => {
    const s = new DeliveryRateSampler(MSS);
    // Four segments leave at 0, 10, 20, 30 ms; the first finds nothing in flight (interval start).
    for (let i = 0; i < 4; i++) s.onSend(i * MSS, MSS, msToNs(10 * i), i * MSS);
    // ACK of segment 0 at 100 ms: 1000 bytes since its send; send interval 0, ACK interval 100 ms
    // ⇒ 1000·8/0.1 = 80 kb/s.
    let d = s.onCumulativeAck(0, 1000, msToNs(100), msToNs(100));
    expect(d.newlyDeliveredBytes).toBe(1000);
    expect(d.sample?.rateBps).toBeCloseTo(80_000, 6);
    // ACK of segments 1 and 2 at 130 ms: newest covered = segment 2 (sent 20 ms, delivered 0 then,
    // first-sent 0): 3000 bytes over max(20 − 0, 130 − 0) = 130 ms ⇒ 184.615 kb/s.
    d = s.onCumulativeAck(1000, 3000, msToNs(130), msToNs(100));
    expect(d.newlyDeliveredBytes).toBe(2000);
    expect(d.sample?.deliveredBytes).toBe(3000);
    expect(d.sample?.intervalNs).toBe(msToNs(130));
    expect(d.sample?.rateBps).toBeCloseTo((3000 * 8) / 0.13, 6);
    // Segment 4 leaves at 135 ms (delivered 3000 at 130 ms; send interval starts at segment 2's 20 ms).
    s.onSend(4 * MSS, MSS, msToNs(135), 2 * MSS);
    // ACK of 3 and 4 at 240 ms: newest = 4: (5000 − 3000) bytes over max(135 − 20, 240 − 130) = 115 ms.
    d = s.onCumulativeAck(3000, 5000, msToNs(240), msToNs(100));
    expect(d.sample?.priorDeliveredBytes).toBe(3000);
    expect(d.sample?.intervalNs).toBe(msToNs(115));
    expect(d.sample?.rateBps).toBeCloseTo((2000 * 8) / 0.115, 6);
  });

  it('bbr delivery rate: an interval shorter than the minimum RTT gives no sample', () => {
    const s = new DeliveryRateSampler(MSS);
    s.onSend(0, MSS, 0, 0);
    // 50 ms < min RTT 60 ms: a compressed ACK would overstate the rate
    expect(s.onCumulativeAck(0, 1000, msToNs(50), msToNs(60)).sample).toBeNull();
  });

  it('bbr delivery rate: a duplicate ACK counts one MSS at once, the cumulative ACK only the rest', () => {
    const s = new DeliveryRateSampler(MSS);
    for (let i = 0; i < 5; i++) s.onSend(i * MSS, MSS, 0, i * MSS);
    // Segment 0 lost; 1–3 arrive: three duplicate ACKs, 1000 bytes each, no sample.
    for (let i = 0; i < 3; i++) expect(s.onDupAck(msToNs(100), MSS, 4 * MSS)).toEqual({ newlyDeliveredBytes: 1000, sample: null });
    expect(s.deliveredBytes).toBe(3000);
    // The retransmission of 0 fills the hole: ACK 4000 covers 4000 bytes, 3000 of them counted
    // already ⇒ 1000 new (Linux: max(acked − sacked_out, 1) packets).
    const d = s.onCumulativeAck(0, 4000, msToNs(200), msToNs(100));
    expect(d.newlyDeliveredBytes).toBe(1000);
    expect(s.deliveredBytes).toBe(4000);
    // Later ACKs count in full again.
    expect(s.onCumulativeAck(4000, 5000, msToNs(210), msToNs(100)).newlyDeliveredBytes).toBe(1000);
  });

  it('bbr rounds: a round ends when a segment sent after it began is delivered', () => {
    const r = new RoundCounter();
    const sample = (prior: number) => ({ priorDeliveredBytes: prior, deliveredBytes: 0, intervalNs: 1, rateBps: 1, appLimited: false });
    r.onAck(sample(0), 1000); // first ACK: round 1 begins, ends once data sent after delivered = 1000 comes back
    expect(r.count).toBe(1);
    expect(r.roundStart).toBe(true);
    r.onAck(sample(0), 2000); // sent before: same round
    expect(r.roundStart).toBe(false);
    r.onAck(null, 3000); // no sample: never a round start
    expect(r.roundStart).toBe(false);
    r.onAck(sample(1000), 4000);
    expect(r.count).toBe(2);
    expect(r.roundStart).toBe(true);
  });

  it('bbr window target: gain·BtlBw·RTprop in whole segments + 3, 10 segments before any RTT', () => {
    // 10 Mb/s · 100 ms = 125 000 bytes; ×2 = 250 segments + 3
    expect(inflightTargetBytes(10e6, msToNs(100), 2, MSS)).toBe(253 * MSS);
    // 2.885 × 125 = 360.67 ⇒ 361 + 3
    expect(inflightTargetBytes(10e6, msToNs(100), STARTUP_GAIN, MSS)).toBe(364 * MSS);
    expect(inflightTargetBytes(10e6, Number.POSITIVE_INFINITY, 2, MSS)).toBe(10 * MSS);
  });
});

describe('bbr modes', () => {
  it('bbr full pipe: three rounds in a row without 25 % BtlBw growth', () => {
    const s = initialState();
    checkFullPipe(s, 1e6, true, false); // 1 ≥ 1.25·0: grew
    checkFullPipe(s, 2e6, true, false); // 2 ≥ 1.25: grew, fullBw 2
    checkFullPipe(s, 3e6, false, false); // not a round start: ignored
    checkFullPipe(s, 2.4e6, true, false); // 2.4 < 2.5: 1
    checkFullPipe(s, 2.4e6, true, true); // application-limited round: ignored
    checkFullPipe(s, 2.45e6, true, false); // 2
    expect(s.fullBwReached).toBe(false);
    expect(s.fullBwRounds).toBe(2);
    checkFullPipe(s, 2.49e6, true, false); // 3
    expect(s.fullBwReached).toBe(true);
  });

  it('bbr full pipe: 25 % growth restarts the count', () => {
    const s = initialState();
    checkFullPipe(s, 4e6, true, false);
    checkFullPipe(s, 4e6, true, false);
    checkFullPipe(s, 4e6, true, false); // 2 rounds flat
    checkFullPipe(s, 5e6, true, false); // 5 ≥ 1.25·4: reset
    expect(s.fullBwRounds).toBe(0);
    expect(s.fullBwBps).toBe(5e6);
  });

  it('bbr drain ends once in flight is down to the BDP target', () => {
    expect(drained(125_000, 125_000)).toBe(true);
    expect(drained(126_000, 125_000)).toBe(false);
  });

  it('bbr PROBE_BW start phase: (8 − round mod 7) mod 8, never the 0.75 phase', () => {
    const starts = [0, 1, 2, 3, 4, 5, 6].map(probeBwStartIndex);
    expect(starts).toEqual([0, 7, 6, 5, 4, 3, 2]);
    expect(probeBwStartIndex(11)).toBe(4); // 11 mod 7 = 4
    expect(starts).not.toContain(1);
  });

  it('bbr PROBE_BW cycle: 1.25 needs an RTprop and 1.25·BDP in flight; 0.75 ends at one BDP or an RTprop; 1 after an RTprop', () => {
    const s = initialState();
    const minRtt = msToNs(100);
    const at = (gain: number) => gain * 100_000; // BDP 100 000 bytes, for the test
    enterProbeBw(s, 0, 0); // round 0 ⇒ phase 0 (1.25)
    expect(s.mode).toBe('probe-bw');
    expect(s.cwndGain).toBe(2);
    expect(s.pacingGain).toBe(1.25);
    updateCyclePhase(s, msToNs(100), minRtt, 200_000, false, at); // 100 ms is not > RTprop
    expect(s.cycleIndex).toBe(0);
    updateCyclePhase(s, msToNs(101), minRtt, 120_000, false, at); // long enough, but 120 000 < 125 000
    expect(s.cycleIndex).toBe(0);
    updateCyclePhase(s, msToNs(102), minRtt, 120_000, true, at); // a loss ends the probe
    expect(s.pacingGain).toBe(0.75);
    updateCyclePhase(s, msToNs(110), minRtt, 100_000, false, at); // down to one BDP after 8 ms
    expect(s.pacingGain).toBe(1);
    expect(s.cycleIndex).toBe(2);
    updateCyclePhase(s, msToNs(210), minRtt, 0, false, at);
    expect(s.cycleIndex).toBe(2);
    updateCyclePhase(s, msToNs(211), minRtt, 0, false, at);
    expect(s.cycleIndex).toBe(3);
  });

  it('bbr PROBE_RTT: waits for 4 segments in flight, then 200 ms and a round', () => {
    const s = initialState();
    enterProbeRtt(s);
    expect([s.mode, s.pacingGain, s.cwndGain]).toEqual(['probe-rtt', 1, 1]);
    expect(probeRttStep(s, sToNs(10), 50_000, 4000, false)).toBe('wait');
    expect(probeRttStep(s, sToNs(10.1), 4000, 4000, false)).toBe('low'); // done at 10.3 s
    expect(probeRttStep(s, sToNs(10.35), 4000, 4000, false)).toBe('wait'); // no round yet
    expect(probeRttStep(s, sToNs(10.36), 4000, 4000, true)).toBe('done');
    const t = initialState();
    enterProbeRtt(t);
    probeRttStep(t, sToNs(10.1), 4000, 4000, false);
    expect(probeRttStep(t, sToNs(10.2), 4000, 4000, true)).toBe('wait'); // a round, but only 100 ms
    expect(probeRttStep(t, sToNs(10.3), 4000, 4000, false)).toBe('wait'); // 10.3 is not after 10.3
    expect(probeRttStep(t, sToNs(10.301), 4000, 4000, false)).toBe('done');
  });
});

describe('bbr', () => {
  /**
   * 10 Mb/s bottleneck (1040-byte packets: 1000 payload + 40 header), unlimited FIFO, no loss;
   * base RTT 100 ms, 110 ms for segments leaving the bottleneck from 3 s on (a route change).
   * Payload bottleneck rate 10e6·1000/1040 = 9.615385 Mb/s; the first RTT sample sees an empty
   * queue: 100 ms + 1040·8/10e6 = 100.832 ms.
   */
  function run(untilS: number) {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 2 });
    const path = bottleneckPath(h, { rateBps: 10e6, rttNs: (d) => (d < sToNs(3) ? msToNs(100) : msToNs(110)) });
    const log: { tNs: number; mode: string; pacingGain: number; cwndGain: number; round: number; btlBwBps: number; cwnd: number; flight: number; minRttNs: number; stampNs: number }[] = [];
    h.start();
    path.run(sToNs(untilS), () => {
      const i = h.sender.inspect();
      log.push({
        tNs: h.sim.now(),
        mode: i.mode as string,
        pacingGain: i.pacingGain as number,
        cwndGain: i.cwndGain as number,
        round: i.round as number,
        btlBwBps: i.btlBwBps as number,
        cwnd: h.cwndSegments,
        flight: h.sender.flightBytes,
        minRttNs: i.minRttNs as number,
        stampNs: i.minRttStampNs as number,
      });
    });
    return { h, log };
  }
  const BOTTLENECK_PAYLOAD_BPS = (10e6 * 1000) / 1040;

  it('bbr mode sequence STARTUP → DRAIN → PROBE_BW → PROBE_RTT → PROBE_BW with the documented gains', () => {
    const { log } = run(12);
    const modes: string[] = [];
    for (const e of log) if (modes[modes.length - 1] !== e.mode) modes.push(e.mode);
    expect(modes).toEqual(['startup', 'drain', 'probe-bw', 'probe-rtt', 'probe-bw']);
    const gainsOf = (mode: string) => new Set(log.filter((e) => e.mode === mode).map((e) => `${e.pacingGain}/${e.cwndGain}`));
    expect(gainsOf('startup')).toEqual(new Set([`${STARTUP_GAIN}/${STARTUP_GAIN}`]));
    expect(gainsOf('drain')).toEqual(new Set([`${1 / STARTUP_GAIN}/${STARTUP_GAIN}`]));
    expect(gainsOf('probe-bw')).toEqual(new Set(['1.25/2', '0.75/2', '1/2']));
    expect(gainsOf('probe-rtt')).toEqual(new Set(['1/1']));
    // The first RTT sample: 100 ms + one 1040-byte serialisation at 10 Mb/s
    expect(log[0].minRttNs).toBe(msToNs(100.832));
  });

  it('bbr STARTUP ends in the third round in a row without 25 % BtlBw growth, with BtlBw at the bottleneck rate', () => {
    const { log } = run(3);
    // Replay the rule on BtlBw as it stood at each round's first ACK during STARTUP.
    const roundStarts = log.filter((e, i) => i === 0 || e.round !== log[i - 1].round);
    let fullBw = 0;
    let flat = 0;
    let expectedDrainRound = -1;
    for (const e of roundStarts) {
      if (e.btlBwBps >= 1.25 * fullBw) {
        fullBw = e.btlBwBps;
        flat = 0;
      } else if (++flat === 3) {
        expectedDrainRound = e.round;
        break;
      }
    }
    const drainEntry = log.find((e) => e.mode === 'drain');
    expect(drainEntry?.round).toBe(expectedDrainRound);
    // Delivery rate cannot beat the bottleneck; a BDP holds about 121 packets, so a sample is
    // within one packet of it: 1/121 < 1 %.
    expect(drainEntry?.btlBwBps).toBeLessThanOrEqual(BOTTLENECK_PAYLOAD_BPS * (1 + 1e-9));
    expect(drainEntry?.btlBwBps).toBeGreaterThan(BOTTLENECK_PAYLOAD_BPS * 0.99);
  });

  it('bbr DRAIN hands over to PROBE_BW once in flight ≤ BDP + 3 segments', () => {
    const { log } = run(3);
    const i = log.findIndex((e) => e.mode === 'probe-bw');
    // BDP = 9.615385 Mb/s · 100.832 ms / 8 = 121 192 bytes ⇒ 122 segments + 3 = 125 000 bytes
    expect(log[i].flight).toBeLessThanOrEqual(125_000);
    expect(log[i - 1].mode).toBe('drain');
    expect(log[i - 1].flight).toBeGreaterThan(125_000);
    // PROBE_BW's window: 2·BDP + 3 = 2·121.19 ⇒ 243 + 3 segments
    expect(log[i].cwnd).toBeLessThanOrEqual(246);
  });

  it('bbr PROBE_RTT: 10 s after the last RTprop refresh, 4 segments for at least 200 ms and a round, then the new path RTT', () => {
    const { log } = run(12);
    const entry = log.findIndex((e) => e.mode === 'probe-rtt');
    const exit = log.findIndex((e, i) => i > entry && e.mode !== 'probe-rtt');
    const before = log[entry - 1];
    // Entered at the first ACK after the stamp + 10 s (ACKs come every ≈ 0.83 ms)
    expect(log[entry].tNs).toBeGreaterThan(before.stampNs + sToNs(10));
    expect(log[entry].tNs - (before.stampNs + sToNs(10))).toBeLessThan(msToNs(2));
    const inside = log.slice(entry, exit);
    expect(Math.max(...inside.map((e) => e.cwnd))).toBe(4);
    const low = inside.find((e) => e.flight <= 4000);
    expect(log[exit].tNs - (low as { tNs: number }).tNs).toBeGreaterThan(msToNs(200));
    // The path's RTT is 110 ms now: PROBE_RTT's empty queue shows 110.832 ms
    expect(log[exit].minRttNs).toBe(msToNs(110.832));
    expect(log[exit].mode).toBe('probe-bw');
    expect(log[exit].cwndGain).toBe(2);
    // The window saved at entry is restored on the way out
    expect(log[exit].cwnd).toBeGreaterThanOrEqual(before.cwnd);
  });

  it('bbr pacing: at gain 1 it paces at BtlBw, as packets (header included) — the bottleneck rate', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 2 });
    const path = bottleneckPath(h, { rateBps: 10e6, rttNs: () => msToNs(100) });
    h.start();
    let checked = 0;
    path.run(sToNs(5), () => {
      const i = h.sender.inspect();
      if (i.mode !== 'probe-bw' || i.pacingGain !== 1) return;
      // BtlBw·(1000 + 40)/1000 within 1 % of 10 Mb/s (BtlBw is within 1 % of the bottleneck)
      expect(h.sender.pacingRateBps).toBeCloseTo(((i.btlBwBps as number) * 1040) / 1000, 6);
      expect(Math.abs(h.sender.pacingRateBps - 10e6) / 10e6).toBeLessThan(0.01);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('bbr fast recovery: conservation for a round, the saved window back on exit', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 10 });
    h.start(); // 0–9999 leave unpaced (no RTT yet)
    h.advance(msToNs(100));
    h.ack(1000);
    // RTT 100 ms. Sample: 1000 bytes over 100 ms = 80 kb/s. Pacing: 2.885·10 000·8/0.1 s·1.04
    // = 2.40 Mb/s (initial rate). Window: delivered 1000 < 10 segments ⇒ cwnd 10 000 + 1000.
    expect(h.cwndSegments).toBe(11);
    // Segment 10000 leaves now; 11000 waits for the pacer.
    expect(h.sender.sndMax).toBe(11_000);
    h.dupAck(2);
    // delivered 2000, 3000 < 10 segments ⇒ BBR's window 12, 13 segments; the sender's window adds
    // the 2 segments the duplicates reported delivered (they left the network): 15.
    expect(h.sender.inspect().cwndSegments).toBe(13);
    expect(h.cwndSegments).toBe(15);
    h.dupAck(1);
    // Third: save 13, recover = 11000, resend 1000; one loss ⇒ 13 − 1 = 12, then conservation:
    // window = pipe + delivered = (FlightSize 10 − 3 reported) + 1 = 8 segments; sender's 8 + 3.
    expect(h.sender.inRecovery).toBe(true);
    expect(h.sender.inspect().cwndSegments).toBe(8);
    expect(h.cwndSegments).toBe(11);
    h.dupAck(1); // conservation: max(8, pipe 6 + 1) = 8; sender's 8 + 4
    expect(h.sender.inspect().cwndSegments).toBe(8);
    expect(h.cwndSegments).toBe(12);
    h.advance(msToNs(100));
    h.ack(11_000);
    // Full ACK: 10 000 bytes covered, 4000 counted by the duplicates ⇒ 6000 delivered.
    // Exit: restore max(8, 13) = 13 segments. Sample: newest covered = the resend of 1000
    // (sent at 100 ms with delivered 4000): (11 000 − 4000) bytes over 100 ms = 560 kb/s; target
    // 2.885·7000/1000 = 20.2 ⇒ 21 + 3 = 24 segments > 13 ⇒ 13 + 6 = 19 segments.
    expect(h.sender.inRecovery).toBe(false);
    expect(h.cwndSegments).toBe(19);
  });

  it('bbr timeout: loss window, growth by what is delivered, the saved window back once past the recovery point', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 10 });
    h.start();
    h.advance(sToNs(1)); // RTO: saved 10 segments, cwnd 1, segment 0 resent
    expect(h.sender.timeouts).toBe(1);
    expect(h.cwndSegments).toBe(1);
    h.advance(msToNs(100));
    h.ack(1000); // before the recovery point (10 000): 1 + 1 delivered segment, floored at 4 segments
    expect(h.cwndSegments).toBe(4);
    h.ack(10_000); // past it: max(4, 10) = 10; no RTT yet (Karn) ⇒ target 10 segments: no growth
    expect(h.cwndSegments).toBe(10);
  });

  it('bbr timeout without SACK: the duplicates counted before it leave the pipe estimate, not the delivery count (Linux tcp_reset_reno_sack)', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 10 });
    h.start(); // 0–9999 out; segment 0 is lost
    h.advance(msToNs(100));
    h.dupAck(2); // 1000–2999 arrived: two duplicates, counted as delivered and out of the network
    expect(h.cwndSegments).toBe(14); // BBR's 12 + the 2 reported delivered
    h.newSent();
    h.advance(sToNs(1)); // RTO at 1 s: cwnd 1, segment 0 resent
    expect(h.sender.timeouts).toBe(1);
    expect(h.newSent()).toMatchObject([{ seq: 0, retransmit: true }]);
    // A late duplicate for data sent before the timeout (going back, sndNxt ≤ recover): it counts
    // nothing (Linux tcp_process_loss for Reno), and the earlier two no longer open the window —
    // with them the sender would resend 1000–2999, which the receiver holds.
    h.dupAck(1);
    expect(h.cwndSegments).toBe(1);
    expect(h.newSent()).toEqual([]);
    // The resend of 0 arrives: ACK 4000 (1000–3999 were held). 4000 covered, the two earlier
    // duplicates counted 2000 of it already ⇒ 2000 delivered, not 4000 (no double count):
    // window 1 + 2 = 3, floored at 4 segments.
    h.advance(msToNs(100));
    h.ack(4000);
    expect(h.sender.inspect().cwndSegments).toBe(4);
  });

  it('bbr ignores ECN echoes', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 10 });
    h.start();
    h.advance(msToNs(100));
    h.ack(1000);
    const cwnd = h.cwndSegments;
    h.ack(2000, { ece: true }); // the growth of one ACK (delivered 2000 < 10 segments), no cut
    expect(h.cwndSegments).toBe(cwnd + 1);
  });

  it('bbr estimates: BtlBw, RTprop, pacing and window gains are traced', () => {
    const h = tcpHarness({ variant: 'bbr', initialCwndSegments: 2 });
    const path = bottleneckPath(h, { rateBps: 10e6, rttNs: () => msToNs(100) });
    h.start();
    path.run(sToNs(2));
    // Issue 34 adds BBR's own state (mode, gain-cycle phase, pacing rate) to what it traces.
    expect(new Set(h.estimates.map((e) => e.key))).toEqual(new Set(['btlBwBps', 'minRttMs', 'pacingGain', 'cwndGain', 'bbrModeLevel', 'gainPhaseLevel', 'pacingRateBps']));
    expect(h.estimates.find((e) => e.key === 'minRttMs')?.value).toBeCloseTo(100.832, 9);
    // The mode trace walks BBR's state machine: STARTUP (0) → DRAIN (1) → PROBE_BW (2), and the
    // gain phase is −1 until PROBE_BW, which starts its cycle at a phase other than the 0.75 drain.
    const modes = h.estimates.filter((e) => e.key === 'bbrModeLevel').map((e) => e.value);
    expect(modes.filter((m, i) => i === 0 || m !== modes[i - 1])).toEqual([0, 1, 2]);
    const phases = h.estimates.filter((e) => e.key === 'gainPhaseLevel').map((e) => e.value);
    expect(phases[0]).toBe(-1);
    expect(phases.find((p) => p >= 0)).not.toBe(1);
  });
});
