/**
 * BBR v1 (Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM Queue 2016;
 * draft-cardwell-iccrg-bbr-congestion-control-00; Linux net/ipv4/tcp_bbr.c). BBR models the path
 * by two numbers — the bottleneck bandwidth BtlBw (max delivery rate over 10 rounds) and the
 * round-trip propagation time RTprop (min RTT over 10 s) — and sends at pacing_gain·BtlBw with at
 * most cwnd_gain·BtlBw·RTprop in flight. Loss is not a congestion signal for the model.
 *
 * Per ACK, in Linux's order: delivery-rate sample and round count (model.ts), BtlBw filter,
 * PROBE_BW gain cycle (probe-bw.ts), full-pipe check and STARTUP → DRAIN → PROBE_BW
 * (startup.ts, drain.ts), RTprop filter and PROBE_RTT (probe-rtt.ts); then the pacing rate and
 * cwnd. The cwnd rule (Linux bbr_set_cwnd): below the target grow by the bytes delivered
 * (before the pipe is full) or up to the target (after); at least 4 segments; 4 segments in
 * PROBE_RTT.
 *
 * Loss (Linux v1, bbr_set_cwnd_to_recover_or_restore): detection and retransmission are the
 * flow's recovery's (NewReno without SACK, SACK + PRR with it); BBR owns the window outright
 * (congControl), so no recovery inflates or deflates it. On entering recovery the window is cut
 * to what is in flight plus what this ACK delivered and kept there for one round (packet
 * conservation: one segment out per segment delivered); after that round it grows by what is
 * delivered up to the target, never below inflight + delivered; leaving recovery restores the
 * window saved at its start. A timeout: the loss window (1 segment), window growth by delivered
 * bytes, the saved window restored once the cumulative ACK passes what was outstanding at the
 * timeout (the sender's loss state). Without SACK a timeout also forgets, for the pipe, the
 * segments duplicate ACKs had reported delivered (Linux tcp_enter_loss → tcp_reset_reno_sack: the
 * go-back-N resends them), though not for the delivery count; and while going back (sndNxt ≤ the
 * timeout's recovery point) a duplicate ACK counts nothing (Linux tcp_process_loss). Every segment
 * newly declared lost takes one segment off the window (Linux rs->losses). ECN echoes are ignored
 * (BBR v1 has no ECN response).
 *
 * Deviations / simplifications:
 * - No idle-restart handling, no ACK-aggregation extra
 *   window (later v1 kernels); the window target is not rounded up to an even segment count.
 * - "In flight" is the pipe: FlightSize less what the receiver reported holding above the
 *   cumulative ACK — SACKed bytes, or without SACK one segment per duplicate ACK (Linux
 *   packets_in_flight; segments declared lost but not yet resent still count, which errs
 *   cautious). Where the sender's rule bounds FlightSize (outside a SACK recovery) the sender's
 *   cwnd is BBR's window plus those bytes; in a SACK recovery, which sends by pipe, it is BBR's
 *   window itself. inspect() shows BBR's own window.
 * - The long-term (policer) bandwidth model of later v1 kernels is left out.
 * - Application-limited detection at each ACK: no new data to send while the window has room.
 * - Pacing: the sender paces whole packets (40-byte TCP/IP header included), BtlBw counts payload,
 *   so the rate is scaled by (MSS + 40)/MSS; a 12-byte timestamp option is not counted, which paces
 *   about 1 % below the target — as Linux's own 1 % pacing margin. Before the first RTT sample the
 *   initial window goes out unpaced (no handshake RTT); the first RTT sets 2.885·initial window/SRTT
 *   (Linux's initial rate); in STARTUP the rate only rises.
 * - PROBE_BW's random start phase is replaced by a deterministic rule (see probe-bw.ts).
 */
import { HEADER_BYTES } from '../../../net/packet.ts';
import type { CaState } from '../../../core/trace.ts';
import type { AckInfo, CcPlugin, CongestionControl, Conn, ConnView, Estimate, OwnState, Snapshot } from '../types.ts';
import { enterDrain, drained } from './drain.ts';
import { BTLBW_FILTER_ROUNDS, DeliveryRateSampler, inflightTargetBytes, MinRttFilter, RoundCounter, WindowedMax, type AckDelivery } from './model.ts';
import { enterProbeBw, updateCyclePhase } from './probe-bw.ts';
import { enterProbeRtt, probeRttStep } from './probe-rtt.ts';
import { checkFullPipe, enterStartup, STARTUP_GAIN } from './startup.ts';
import { BBR_MODES, initialState, MIN_CWND_SEGMENTS, type BbrState } from './state.ts';

/** Linux TCP_INIT_CWND: STARTUP grows the window regardless of target until this much was delivered. */
const INIT_WINDOW_SEGMENTS = 10;

/** Linux's CA states as BBR reads them: normal, fast recovery, after a timeout. */
type LossState = 'open' | 'recovery' | 'loss';

class Bbr implements CongestionControl {
  private readonly s: BbrState = initialState();
  private readonly btlBw = new WindowedMax(BTLBW_FILTER_ROUNDS);
  private readonly minRtt = new MinRttFilter();
  private readonly rounds = new RoundCounter();
  private sampler: DeliveryRateSampler | null = null;
  private initialCwndBytes = 0;
  /** BBR's window: a bound on the data really in the network (pipe), not on FlightSize. */
  private windowBytes = 0;
  /** Window saved on entering recovery, a timeout or PROBE_RTT, restored after. */
  private priorCwndBytes = 0;
  private prevLossState: LossState = 'open';
  private packetConservation = false;
  private restoreCwnd = false;
  /** The sender's count of segments declared lost when the last ACK was processed. */
  private lostSeen = 0;

  constructor() {
    enterStartup(this.s);
  }

  readonly estimates: readonly Estimate[] = [
    { key: 'btlBwBps', label: 'btl bw', unit: 'bit/s', read: () => this.btlBw.value },
    { key: 'minRttMs', label: 'min RTT', unit: 'ms', read: () => this.minRtt.valueNs / 1e6 },
    { key: 'pacingGain', label: 'pacing gain', unit: 'gain', read: () => this.s.pacingGain },
    { key: 'cwndGain', label: 'cwnd gain', unit: 'gain', read: () => this.s.cwndGain },
    // BBR's own state, so a view can show what it is doing rather than a cwnd it barely uses:
    // the mode as its index in BBR_MODES, the PROBE_BW gain-cycle phase (0 = the 1.25 probe,
    // 1 = the 0.75 drain, 2–7 cruising; −1 outside PROBE_BW), and the pacing rate.
    { key: 'bbrModeLevel', label: 'BBR mode', unit: 'level', read: () => BBR_MODES.indexOf(this.s.mode) },
    { key: 'gainPhaseLevel', label: 'gain phase', unit: 'level', read: () => (this.s.mode === 'probe-bw' ? this.s.cycleIndex : -1) },
    { key: 'pacingRateBps', label: 'pacing rate', unit: 'bit/s', read: (c) => c.pacingRateBps },
  ];

  /** The mode and the PROBE_BW gain-cycle phase (0 = the 1.25 probe, 1 = the 0.75 drain, 2–7 cruising), traced in `ccstate`. */
  readonly ownState: OwnState = {
    modes: BBR_MODES,
    mode: () => BBR_MODES.indexOf(this.s.mode),
    phase: () => (this.s.mode === 'probe-bw' ? this.s.cycleIndex : -1),
  };

  onSend(c: Conn, seq: number, lenBytes: number, retransmit: boolean): void {
    if (this.initialCwndBytes === 0) {
      this.initialCwndBytes = c.cwndBytes;
      this.windowBytes = c.cwndBytes;
    }
    // The sender has already counted this segment if it is new data.
    const inflightBefore = retransmit ? c.flightBytes : c.flightBytes - lenBytes;
    this.model(c).onSend(seq, lenBytes, c.nowNs, inflightBefore);
  }

  /** BBR owns the window: growth happens in congControl, on every ACK. */
  congAvoid(): void {}

  congControl(c: Conn, a: AckInfo): void {
    const sampler = this.model(c);
    // With SACK the ACK says exactly what it delivered (RFC 6937 DeliveredData); without, a
    // duplicate counts one segment and the cumulative ACK the rest.
    let d: AckDelivery;
    // Without SACK, after a timeout while going back over what was outstanding (Linux
    // tcp_process_loss for Reno): a duplicate ACK is not counted as a delivery.
    const goingBack = !c.sack.enabled && c.caState === 'loss' && c.sndNxt <= c.recoverSeq;
    if (a.ackedBytes === 0) d = sampler.onDupAck(c.nowNs, goingBack ? 0 : a.deliveredBytes, c.sack.enabled ? -1 : c.sndMax - c.sndUna - c.mssBytes);
    else d = sampler.onCumulativeAck(a.ackNo - a.ackedBytes, a.ackNo, c.nowNs, c.minRttNs, c.sack.enabled ? Math.max(a.deliveredBytes, 0) : -1);
    this.onDelivery(c, a, d);
  }

  onStateChange(c: Conn, _from: CaState, to: CaState): void {
    if (to === 'recovery') this.saveCwnd();
    else if (to === 'loss') {
      this.saveCwnd();
      this.windowBytes = c.mssBytes;
      c.cwndBytes = c.mssBytes;
      this.model(c).forgetDupAcksForPipe();
      // Linux bbr_set_state(TCP_CA_Loss): the state is Loss from now on, without the recovery
      // entry step; the full-pipe estimator starts over.
      this.prevLossState = 'loss';
      this.packetConservation = false;
      this.s.fullBwBps = 0;
    }
  }

  onEcnEcho(): void {
    // BBR v1 does not respond to ECN.
  }

  /** BBR keeps no slow-start threshold of its own; the sender's stays as it is. */
  ssthresh(c: ConnView): number {
    return c.ssthreshBytes;
  }

  inspect(c: ConnView): Snapshot {
    const mss = c.mssBytes;
    const minRttNs = this.minRtt.valueNs;
    const bw = this.btlBw.value;
    return {
      phase: this.s.mode,
      mode: this.s.mode,
      minRttNs: Number.isFinite(minRttNs) ? minRttNs : null,
      /** When RTprop was last set: PROBE_RTT comes 10 s after. */
      minRttStampNs: this.minRtt.stampNs,
      pacingRateBps: c.pacingRateBps,
      round: this.rounds.count,
      fullBwReached: this.s.fullBwReached,
      cycleIndex: this.s.mode === 'probe-bw' ? this.s.cycleIndex : null,
      cwndSegments: this.windowBytes / mss,
      pipeBytes: this.pipe(c),
      targetCwndSegments: inflightTargetBytes(bw, minRttNs, this.s.cwndGain, mss) / mss,
      lossState: this.lossState(c),
    };
  }

  // ---- per ACK ------------------------------------------------------------------------------

  private model(c: Conn): DeliveryRateSampler {
    if (this.sampler === null) this.sampler = new DeliveryRateSampler(c.mssBytes);
    return this.sampler;
  }

  /**
   * What is really in the network: FlightSize less what the receiver reported holding above the
   * cumulative ACK (SACKed bytes, or one segment per duplicate ACK without SACK: Linux's
   * packets_in_flight).
   */
  private pipe(c: Conn): number {
    return Math.max(c.flightBytes - (c.sack.enabled ? c.sack.sackedBytes : this.model(c).dupAckedBytes), 0);
  }

  /** The sender's cwnd: BBR's window on pipe, translated to FlightSize unless the sender already sends by pipe. */
  private applyWindow(c: Conn): void {
    c.cwndBytes = c.sendsByPipe ? this.windowBytes : this.windowBytes + (c.flightBytes - this.pipe(c));
  }

  private lossState(c: Conn): LossState {
    if (c.caState === 'recovery') return 'recovery';
    return c.caState === 'loss' ? 'loss' : 'open';
  }

  private onDelivery(c: Conn, a: AckInfo, d: AckDelivery): void {
    const now = c.nowNs;
    const mss = c.mssBytes;
    const sampler = this.model(c);
    const pipe = this.pipe(c);
    if (!c.canSendNewData() && c.sndNxt >= c.sndMax && pipe < this.windowBytes) sampler.markAppLimited(pipe);
    const losses = c.lostSegments - this.lostSeen;
    this.lostSeen = c.lostSegments;

    // BtlBw and rounds.
    this.rounds.onAck(d.sample, sampler.deliveredBytes);
    if (this.rounds.roundStart) this.packetConservation = false;
    if (d.sample !== null && (!d.sample.appLimited || d.sample.rateBps >= this.btlBw.value)) this.btlBw.update(this.rounds.count, d.sample.rateBps);
    const bw = this.btlBw.value;
    const inflightAt = (gain: number) => inflightTargetBytes(bw, this.minRtt.valueNs, gain, mss);

    // Mode transitions.
    updateCyclePhase(this.s, now, this.minRtt.valueNs, pipe + d.newlyDeliveredBytes, losses > 0, inflightAt);
    checkFullPipe(this.s, bw, this.rounds.roundStart, d.sample?.appLimited ?? false);
    if (this.s.mode === 'startup' && this.s.fullBwReached) {
      enterDrain(this.s);
      c.ssthreshBytes = inflightAt(1); // Linux reports the BDP as ssthresh from here on
    }
    if (this.s.mode === 'drain' && drained(pipe, inflightAt(1))) enterProbeBw(this.s, now, this.rounds.count);
    this.updateMinRtt(c, a, pipe);

    this.setPacingRate(c, bw);
    this.setCwnd(c, d.newlyDeliveredBytes, losses, bw, pipe);
    this.applyWindow(c);
  }

  private updateMinRtt(c: Conn, a: AckInfo, pipe: number): void {
    const now = c.nowNs;
    const mss = c.mssBytes;
    const sampler = this.model(c);
    const expired = this.minRtt.update(a.rttNs, now);
    if (expired && this.s.mode !== 'probe-rtt') {
      this.saveCwnd();
      enterProbeRtt(this.s);
    }
    if (this.s.mode !== 'probe-rtt') return;
    // Samples taken at a 4-segment window say nothing about the bottleneck.
    sampler.markAppLimited(pipe);
    const step = probeRttStep(this.s, now, pipe, MIN_CWND_SEGMENTS * mss, this.rounds.roundStart);
    if (step === 'low') this.rounds.startNow(sampler.deliveredBytes);
    else if (step === 'done') {
      this.minRtt.stampNs = now;
      this.restoreCwnd = true;
      if (this.s.fullBwReached) enterProbeBw(this.s, now, this.rounds.count);
      else enterStartup(this.s);
    }
  }

  private setPacingRate(c: Conn, bw: number): void {
    // Payload rate → packet rate as the sender paces it (header included).
    const wire = (c.mssBytes + HEADER_BYTES) / c.mssBytes;
    if (c.pacingRateBps === 0 && c.srttNs > 0) c.pacingRateBps = (STARTUP_GAIN * this.initialCwndBytes * 8 * 1e9 * wire) / c.srttNs;
    if (bw <= 0) return;
    const rate = this.s.pacingGain * bw * wire;
    if (this.s.fullBwReached || rate > c.pacingRateBps) c.pacingRateBps = rate;
  }

  /** Linux bbr_set_cwnd with bbr_set_cwnd_to_recover_or_restore. */
  private setCwnd(c: Conn, ackedBytes: number, losses: number, bw: number, pipe: number): void {
    if (ackedBytes <= 0) return;
    const mss = c.mssBytes;
    const state = this.lossState(c);
    let cwnd = this.windowBytes;
    if (losses > 0) cwnd = Math.max(cwnd - losses * mss, mss);
    if (state === 'recovery' && this.prevLossState !== 'recovery') {
      // First round of recovery: packet conservation, and the round restarts now.
      this.packetConservation = true;
      this.rounds.startNow(this.model(c).deliveredBytes);
      cwnd = pipe + ackedBytes;
    } else if (this.prevLossState !== 'open' && state === 'open') {
      this.restoreCwnd = true;
      this.packetConservation = false;
    }
    this.prevLossState = state;
    if (this.restoreCwnd) {
      cwnd = Math.max(cwnd, this.priorCwndBytes);
      this.restoreCwnd = false;
    }
    if (this.packetConservation) cwnd = Math.max(cwnd, pipe + ackedBytes);
    else {
      const target = inflightTargetBytes(bw, this.minRtt.valueNs, this.s.cwndGain, mss);
      if (this.s.fullBwReached) cwnd = Math.min(cwnd + ackedBytes, target);
      else if (cwnd < target || this.model(c).deliveredBytes < INIT_WINDOW_SEGMENTS * mss) cwnd += ackedBytes;
      cwnd = Math.max(cwnd, MIN_CWND_SEGMENTS * mss);
    }
    if (this.s.mode === 'probe-rtt') cwnd = Math.min(cwnd, MIN_CWND_SEGMENTS * mss);
    this.windowBytes = cwnd;
  }

  /** Linux bbr_save_cwnd: a window cut by recovery or PROBE_RTT is not "known good". */
  private saveCwnd(): void {
    if (this.prevLossState === 'open' && this.s.mode !== 'probe-rtt') this.priorCwndBytes = this.windowBytes;
    else this.priorCwndBytes = Math.max(this.priorCwndBytes, this.windowBytes);
  }
}

export const bbr: CcPlugin = {
  name: 'bbr',
  create: () => new Bbr(),
};
