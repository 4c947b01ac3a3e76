/**
 * TCP sender: reliability and transmission, with the window left to a congestion-control
 * variant (./cc) and loss repair to a recovery (./recovery). Byte sequence numbers from 0 (the
 * connection starts established at the flow's start time: no handshake is modelled), MSS-sized
 * segments, cumulative ACK processing, duplicate-ACK counting (RFC 5681 §2 definition), SACK
 * scoreboard, RFC 6298 retransmission timer with Karn's rule (no RTT sample from a retransmitted
 * segment unless the timestamp echo identifies the transmission), go-back-N after a timeout
 * (skipping what the receiver has SACKed), limited transmit (RFC 3042) as an option.
 *
 * The sender owns the CA state machine (open, disorder, recovery, loss, cwr, as Linux's
 * tcp_ca_state) and traces every transition (table `castate`). Per ACK, in this order: the
 * variant's onAckSeen; outside recovery its congAvoid (window growth), in recovery the
 * recovery's step; duplicate ACKs to the recovery; a variant that owns cwnd (congControl) last.
 *
 * The sender implements every view of the connection a plug-in gets (cc/types.ts: ConnView to
 * read, Conn for a window algorithm, RecoveryConn for a recovery, ProbingConn for TCP-Probing's
 * probe cycle), each hook typed with the narrowest one it needs. Its parts, by job: the
 * scoreboard (board.ts), the retransmission timer (rto-timer.ts), the token gate, hold queue and
 * pacing (egress.ts), and the tracing observer run after every variant hook (trace-observer.ts),
 * so variants never trace (docs/engine.md, TCP). Verdicts on losses are scored on the metrics side
 * (metrics-verdicts.ts).
 */
import type { Handler, Simulator } from '../core/simulator.ts';
import type { CaState, DropCause, TraceSink } from '../core/trace.ts';
import type { VerdictScore } from '../metrics-verdicts.ts';
import type { DropLedger } from '../net/drop-ledger.ts';
import { HEADER_BYTES, Packet, TIMESTAMP_OPTION_BYTES, type Endpoint, type Hop } from '../net/packet.ts';
import { SegmentBoard } from './board.ts';
import type { AckInfo, CongestionControl, EstimateInfo, HystartMode, LossKind, ProbingConn, ReductionEvent, SackView, Snapshot } from './cc/types.ts';
import { Egress, type SendGate } from './egress.ts';
import type { Recovery } from './recovery/types.ts';
import { RetransmitTimer } from './rto-timer.ts';
import { RttEstimator, type RttParams } from './rtt.ts';
import { TraceObserver } from './trace-observer.ts';

export interface SenderParams extends RttParams {
  flow: number;
  mssBytes: number;
  initialCwndSegments: number;
  rwndBytes: number;
  timestamps: boolean;
  dupAckThreshold: number;
  /** Bytes to send; Infinity for an unlimited bulk transfer. */
  totalBytes: number;
  /** ECN-capable (RFC 3168): data is sent ECT; echoed marks halve cwnd at most once per window of data */
  ecn?: boolean;
  /** Option bytes every data segment carries for the variant (TCP-Real's wave tag). */
  dataOptionBytes?: number;
  /** RFC 3042: the first two duplicate ACKs each let one new segment out beyond cwnd. */
  limitedTransmit?: boolean;
  /** RFC 3465 byte counting for the window growth (renoGrowth); off: one step per ACK. */
  byteCounting?: boolean;
  /** Slow-start exit detector for a variant that has one (CUBIC); default RFC 9406's HyStart++. */
  hystart?: HystartMode;
  /** Linux's arithmetic: Reno halving from ⌊cwnd/2⌋ (Conn.ssthreshFromCwnd); the RTO's minimum on its variance term goes in RttParams. */
  ssthreshFromCwnd?: boolean;
}

/** What a sender is made of and wired to. */
export interface SenderOptions {
  params: SenderParams;
  cc: CongestionControl;
  /** The flow's recovery; the variant's own (cc.recovery) takes precedence. */
  recovery: Recovery;
  sack: boolean;
  sim: Simulator;
  trace: TraceSink;
  /** Route of data segments to the receiver. */
  dataRoute: readonly Hop[];
  receiver: Endpoint;
  gate?: SendGate | null;
  /** Ground truth of drops, for the ideal classifier's `lossCause`. */
  ledger?: DropLedger | null;
  /** Scores a classifying variant's verdicts (and puts them in the trace); null: not scored. */
  verdicts?: VerdictScore | null;
}

export class Sender implements ProbingConn, Endpoint {
  readonly mssBytes: number;
  readonly dupAckThreshold: number;
  cwndBytes: number;
  ssthreshBytes: number;
  sndUna = 0;
  sndNxt = 0;
  sndMax = 0;
  dupAcks = 0;
  caState: CaState = 'open';
  lostSegments = 0;
  /** RFC 6582's `recover` + 1; −1 (the ISN, in our numbering) before any loss. */
  recoverSeq = -1;
  cwndLimited = true;
  caAckedBytes = 0;
  inflationBytes = 0;
  readonly byteCounting: boolean;
  readonly hystart: HystartMode;
  readonly ssthreshFromCwnd: boolean;
  readonly rtt: RttEstimator;
  readonly board: SegmentBoard;

  // Counters for results.
  segmentsSent = 0;
  retransmissions = 0;
  timeouts = 0;
  fastRetransmits = 0;
  dataBytesSent = 0;
  probesSent = 0;
  /** Sum and count of RTT samples, for the mean RTT in the results. */
  rttSumNs = 0;
  rttSamples = 0;
  private suspended = false;

  private started = false;
  private stopped = false;
  /** RFC 3168 §6.1.2: no second ECN reduction until sndUna passes this. */
  private ecnRecoverSeq = -1;
  ecnReductions = 0;

  private readonly p: SenderParams;
  private readonly cc: CongestionControl;
  private readonly recovery: Recovery;
  private readonly sim: Simulator;
  private readonly trace: TraceSink;
  private readonly dataRoute: readonly Hop[];
  private readonly receiver: Endpoint;
  private readonly ledger: DropLedger | null;
  private readonly verdicts: VerdictScore | null;
  private readonly egress: Egress;
  private readonly rto: RetransmitTimer;
  private readonly observer: TraceObserver;

  private readonly ccTimer: Handler<number> = {
    fire: (id) => {
      if (this.stopped || !this.cc.onTimer) return;
      this.cc.onTimer(this, id);
      this.afterVariant();
    },
  };

  readonly sack: SackView;

  constructor(o: SenderOptions) {
    const p = o.params;
    const cc = o.cc;
    const trace = o.trace;
    this.p = p;
    this.cc = cc;
    this.recovery = cc.recovery ?? o.recovery;
    this.sim = o.sim;
    this.trace = trace;
    this.dataRoute = o.dataRoute;
    this.receiver = o.receiver;
    this.ledger = o.ledger ?? null;
    this.verdicts = o.verdicts ?? null;
    this.mssBytes = p.mssBytes;
    this.dupAckThreshold = p.dupAckThreshold;
    this.byteCounting = p.byteCounting === true;
    this.hystart = p.hystart ?? 'hystart++';
    this.ssthreshFromCwnd = p.ssthreshFromCwnd === true;
    this.cwndBytes = p.initialCwndSegments * p.mssBytes;
    // RFC 5681 §3.1: initial ssthresh arbitrarily high — the largest window the receiver allows.
    this.ssthreshBytes = p.rwndBytes;
    this.rtt = new RttEstimator(p);
    this.board = new SegmentBoard(p.mssBytes);
    this.sack = this.board.view(o.sack, p.dupAckThreshold, this);
    const sender = this; // the getter below needs the instance, not the owner view
    this.egress = new Egress(
      {
        get sndUna() {
          return sender.sndUna;
        },
        emitNow: (seq) => this.emit(seq),
        resume: () => this.trySend(),
      },
      o.gate ?? null,
      o.sim,
      trace,
      p.flow,
    );
    this.rto = new RetransmitTimer(o.sim, () => this.onTimeout());
    this.observer = new TraceObserver(trace, o.sim, p.flow, cc);
  }

  // ---- the connection as plug-ins see it (ProbingConn, the widest view) ----------------------

  get nowNs(): number {
    return this.sim.now();
  }
  get flightBytes(): number {
    return this.caState === 'loss' ? Math.max(this.sndNxt - this.sndUna, 0) : this.sndMax - this.sndUna;
  }
  get inRecovery(): boolean {
    return this.caState === 'recovery';
  }
  get capsWindowAtLoss(): boolean {
    return this.cc.capWindowAtLoss === true;
  }
  get recoveryReducesGradually(): boolean {
    return this.recovery.reducesGradually === true;
  }
  get sendsByPipe(): boolean {
    return this.caState === 'recovery' && this.recovery.nextSegment !== undefined;
  }
  get srttNs(): number {
    return this.rtt.srttNs;
  }
  get rttVarNs(): number {
    return this.rtt.rttvarNs;
  }
  get minRttNs(): number {
    return this.rtt.minRttNs;
  }
  get latestRttNs(): number {
    return this.rtt.latestRttNs;
  }

  get pacingRateBps(): number {
    return this.egress.pacingRateBps;
  }
  set pacingRateBps(rateBps: number) {
    this.egress.pacingRateBps = rateBps;
  }

  get rtoNs(): number {
    return this.rtt.rtoNs;
  }
  clearRtoBackoff(): void {
    this.rtt.clearBackoff();
  }

  get dataSuspended(): boolean {
    return this.suspended;
  }

  setDataSuspended(suspended: boolean): void {
    this.suspended = suspended;
    // Released: the caller's hook returns to the sender, which sends what the window allows.
  }

  sendProbe(kind: 1 | 3, id: number): void {
    const size = HEADER_BYTES + (this.p.timestamps ? TIMESTAMP_OPTION_BYTES : 0);
    const pkt = new Packet(this.p.flow, false, size, this.dataRoute, this.receiver);
    pkt.probe = kind;
    pkt.probeId = id;
    pkt.seq = this.sndUna;
    if (this.p.timestamps) pkt.tsValNs = this.sim.now();
    this.probesSent++;
    this.dataBytesSent += size;
    pkt.inject();
  }

  setTimer(delayNs: number, id: number): void {
    this.sim.schedule(Math.max(1, Math.round(delayNs)), this.ccTimer, id);
  }

  lossCause(seq: number): DropCause | null {
    return this.ledger === null ? null : this.ledger.cause(this.p.flow, seq - (seq % this.mssBytes));
  }

  canSendNewData(): boolean {
    if (this.sndMax >= this.p.totalBytes) return false;
    return this.sndMax + this.segLen(this.sndMax) <= this.sndUna + this.p.rwndBytes;
  }

  retransmit(seq: number): void {
    this.transmit(seq);
  }

  fastRetransmit(): void {
    this.fastRetransmits++;
    this.lostSegments++;
    this.trace.event(this.sim.now(), this.p.flow, 'fast-retransmit');
    this.transmit(this.sndUna);
  }

  /** RFC 6582's `recover`: recoverSeq = sndMax. */
  private markRecoverPoint(): void {
    this.recoverSeq = this.sndMax;
  }

  noteLost(): void {
    this.lostSegments++;
  }

  congestionEvent(a: AckInfo): number {
    this.classifyLoss('dupack', a);
    this.ssthreshBytes = this.cc.ssthresh(this, 'loss');
    return this.ssthreshBytes;
  }

  ssthreshFor(event: ReductionEvent): number {
    return this.cc.ssthresh(this, event);
  }

  enterRecovery(): void {
    this.markRecoverPoint();
    this.setState('recovery');
  }

  enterLoss(): void {
    this.markRecoverPoint();
    this.setState('loss');
  }

  exitRecovery(): void {
    if (!this.inRecovery) return;
    this.trace.event(this.sim.now(), this.p.flow, 'recovery-exit');
    this.setState('open');
  }

  /** The one place the CA state changes: traced, and the variant told. */
  private setState(to: CaState): void {
    const from = this.caState;
    if (from === to) return;
    this.caState = to;
    // RFC 3465 §2.1 / Linux tcp_init_cwnd_reduction, tcp_enter_loss: a reduction restarts the count.
    if (to === 'recovery' || to === 'loss' || to === 'cwr') this.caAckedBytes = 0;
    // the inflation belongs to one recovery episode: whatever follows starts from the plain window
    if (from === 'recovery') this.inflationBytes = 0;
    this.trace.castate(this.sim.now(), this.p.flow, from, to, this.sndUna);
    if (this.cc.onStateChange) this.cc.onStateChange(this, from, to);
  }

  goBackN(): void {
    this.sndNxt = this.sndUna;
  }

  // ---- Lifecycle ----------------------------------------------------------------------------

  /** Open the connection (already established) and send what the initial window allows. */
  start(): void {
    this.started = true;
    this.observer.cwnd(this);
    this.trySend();
  }

  /** Close the connection (a cross-traffic session ending): nothing more is sent, ACKs are ignored. */
  stop(): void {
    this.stopped = true;
    this.rto.stop();
    this.egress.close();
  }

  get finished(): boolean {
    return this.sndUna >= this.p.totalBytes;
  }

  /** The variant's estimates as plain records for the results (the `estimate` table's key column indexes them). */
  get estimates(): EstimateInfo[] {
    return (this.cc.estimates ?? []).map(({ key, label, unit }) => ({ key, label, unit }));
  }

  inspect(): Snapshot {
    const estimates: Snapshot = {};
    for (const e of this.cc.estimates ?? []) {
      const v = e.read(this);
      estimates[e.key] = Number.isFinite(v) ? v : null;
    }
    return { ...(this.cc.inspect ? this.cc.inspect(this) : {}), ...estimates, ...(this.recovery.inspect ? this.recovery.inspect(this) : {}), caState: this.caState };
  }

  // ---- ACK processing -----------------------------------------------------------------------

  receive(ack: Packet): void {
    if (!this.started || this.stopped) return;
    if (ack.probe !== 0) {
      // A probe reply (TCP-Probing): it carries no acknowledgment the sender acts on.
      if (this.cc.onProbeAck) this.cc.onProbeAck(this, ack.probe as 2 | 4, ack.probeId);
      this.afterVariant();
      return;
    }
    const now = this.sim.now();
    this.trace.ack(now, this.p.flow, ack.ackNo);
    const mss = this.mssBytes;
    const sackedBefore = this.board.sackedCount;
    const sackedSegments = ack.sack !== null && this.sack.enabled ? this.board.applySack(ack.sack, this.sndUna, this.sndMax) : 0;
    const cc = this.cc;

    let info: AckInfo | null = null;
    if (ack.ackNo > this.sndUna) {
      const ackedBytes = ack.ackNo - this.sndUna;
      const rttNs = this.rttSample(ack);
      if (rttNs !== null) {
        this.rtt.sample(rttNs);
        this.rttSumNs += rttNs;
        this.rttSamples++;
      }
      this.sndUna = ack.ackNo;
      if (this.sndNxt < this.sndUna) this.sndNxt = this.sndUna;
      this.board.advance(this.sndUna);
      this.dupAcks = 0;
      info = {
        ackNo: ack.ackNo,
        ackedBytes,
        rttNs,
        sackedSegments,
        deliveredBytes: ackedBytes + (this.board.sackedCount - sackedBefore) * mss,
        ece: ack.ece,
        rcvTsNs: ack.rcvTsNs,
        option: ack.option,
      };
      if (cc.onAckSeen) cc.onAckSeen(this, info);
      // A timeout's or an ECN reduction's episode ends once what was outstanding then is acknowledged.
      if ((this.caState === 'loss' && this.sndUna >= this.recoverSeq) || (this.caState === 'cwr' && this.sndUna > this.ecnRecoverSeq)) this.setState('open');
      if (this.inRecovery) this.recovery.onRecoveryAck(this, info);
      else {
        if (!cc.congControl) cc.congAvoid(this, info);
        if (this.recovery.onAck) this.recovery.onAck(this, info);
        if (this.caState === 'disorder' && this.board.sackedCount === 0) this.setState('open');
      }
      if (cc.congControl) cc.congControl(this, info);
      // RFC 6298 §5.2–5.3: stop the timer when all is acknowledged, else restart it.
      if (this.sndUna >= this.sndMax) this.rto.stop();
      else this.rto.restart(this.rtt.rtoNs);
    } else if (ack.ackNo === this.sndUna && this.sndMax > this.sndUna) {
      this.dupAcks++;
      const deliveredBytes = this.sack.enabled ? sackedSegments * mss : mss;
      info = { ackNo: ack.ackNo, ackedBytes: 0, rttNs: null, sackedSegments, deliveredBytes, ece: ack.ece, rcvTsNs: ack.rcvTsNs, option: ack.option };
      if (cc.onAckSeen) cc.onAckSeen(this, info);
      if (this.caState === 'open') this.setState('disorder');
      this.recovery.onDupAck(this, info);
      if (cc.congControl) cc.congControl(this, info);
    }
    if (ack.ece) this.onEcnEcho(info ?? { ackNo: ack.ackNo, ackedBytes: 0, rttNs: null, sackedSegments, deliveredBytes: 0, ece: true, rcvTsNs: ack.rcvTsNs, option: ack.option });
    this.afterVariant();
  }

  /** After any variant hook ran: trace what changed and send what is now allowed. */
  private afterVariant(): void {
    this.observer.afterHook(this);
    this.trySend();
  }

  /** Ask the variant for its verdict on this loss event; scored against the truth if wanted. */
  private classifyLoss(kind: LossKind, ack?: AckInfo): void {
    if (!this.cc.classify) return;
    const verdict = this.cc.classify(this, kind, ack);
    if (this.verdicts === null) return;
    const truth = this.verdicts.score(this.sndUna, verdict);
    this.trace.verdict(this.sim.now(), this.p.flow, this.sndUna, verdict, truth);
  }

  /**
   * RFC 3168 §6.1.2: an echoed mark is treated like a loss for the window (the variant's
   * ssthresh('ecn'), cwnd = ssthresh at once — Linux would bring it down by PRR over a round),
   * at most once per window of data and not during loss recovery; nothing is retransmitted; the
   * CA state is cwr until that window is acknowledged. A variant with its own reaction (Jersey)
   * takes over.
   */
  private onEcnEcho(info: AckInfo): void {
    if (this.cc.onEcnEcho) {
      this.cc.onEcnEcho(this, info);
      return;
    }
    if (!(this.p.ecn === true || this.cc.ecn !== undefined) || this.inRecovery || this.sndUna <= this.ecnRecoverSeq) return;
    this.ssthreshBytes = this.cc.ssthresh(this, 'ecn');
    this.cwndBytes = Math.max(this.ssthreshBytes, this.mssBytes);
    this.ecnRecoverSeq = this.sndMax;
    this.ecnReductions++;
    if (this.caState === 'open' || this.caState === 'disorder') this.setState('cwr');
  }

  /**
   * Karn's rule: only an unambiguous measurement. With timestamps the echo names the
   * transmission. Without, no sample if any segment this ACK covers was ever retransmitted:
   * even the newest covered segment's send time would then include the recovery's delay.
   */
  private rttSample(ack: Packet): number | null {
    if (this.p.timestamps) return ack.tsEcrNs >= 0 ? this.sim.now() - ack.tsEcrNs : null;
    const last = this.board.segIndex(ack.ackNo - 1);
    if (!this.board.has(last)) return null;
    for (let i = this.board.segIndex(this.sndUna); i <= last; i++) if (this.board.wasRetransmitted(i)) return null;
    return this.sim.now() - this.board.sentAtNs(last);
  }

  // ---- Sending ------------------------------------------------------------------------------

  private segLen(seq: number): number {
    return Math.min(this.mssBytes, this.p.totalBytes - seq);
  }

  /** Send whatever the window (or, in recovery, the variant's NextSeg) allows. */
  private trySend(): void {
    if (this.stopped || this.suspended) return;
    if (this.inRecovery && this.recovery.nextSegment) {
      while (this.egress.ready()) {
        const seq = this.recovery.nextSegment(this);
        if (seq === null) break;
        this.transmit(seq);
      }
      this.cwndLimited = true;
      return;
    }
    const wnd = Math.min(this.cwndBytes, this.p.rwndBytes);
    // RFC 3042: each of the first two duplicate ACKs lets one new segment out beyond cwnd.
    const limitedBytes =
      this.p.limitedTransmit && this.caState === 'disorder' && this.dupAcks < this.dupAckThreshold ? Math.min(this.dupAcks, 2) * this.mssBytes : 0;
    for (;;) {
      if (this.sndNxt >= this.p.totalBytes) {
        this.cwndLimited = false;
        return;
      }
      const len = this.segLen(this.sndNxt);
      // Going back after a timeout, skip what the receiver has SACKed since (RFC 6675 §5.1).
      if (this.sndNxt < this.sndMax && this.board.sackedCount > 0 && this.board.isSacked(this.board.segIndex(this.sndNxt))) {
        this.sndNxt += len;
        continue;
      }
      const room = this.sndNxt >= this.sndMax && limitedBytes > 0 ? Math.min(this.cwndBytes + limitedBytes, this.p.rwndBytes) : wnd;
      if (this.sndNxt + len > this.sndUna + room) {
        this.cwndLimited = this.cwndBytes < this.p.rwndBytes;
        return;
      }
      if (!this.egress.ready()) return;
      this.transmit(this.sndNxt);
    }
  }

  /** Send one segment now, or hold it for a token. */
  private transmit(seq: number): void {
    if (!this.egress.hold(seq)) this.emit(seq);
  }

  /** Put one segment on the wire. A sequence below sndMax is a retransmission. */
  private emit(seq: number): void {
    const now = this.sim.now();
    const len = this.segLen(seq);
    const isRetx = seq < this.sndMax;
    const size = HEADER_BYTES + (this.p.timestamps ? TIMESTAMP_OPTION_BYTES : 0) + (this.p.dataOptionBytes ?? 0) + len;
    const pkt = new Packet(this.p.flow, false, size, this.dataRoute, this.receiver);
    if (this.cc.segmentTag) pkt.tag = this.cc.segmentTag(this, seq);
    pkt.seq = seq;
    pkt.lenBytes = len;
    pkt.retransmit = isRetx;
    pkt.ect = this.p.ecn === true || this.cc.ecn !== undefined;
    pkt.ect1 = this.cc.ecn === 'ect1';
    if (this.p.timestamps) pkt.tsValNs = now;
    this.board.markSent(this.board.segIndex(seq), now, isRetx);
    // Sending the segment at sndNxt (or new data beyond it) moves sndNxt past it; retransmitting
    // an older hole does not.
    if (seq <= this.sndNxt ? seq + len > this.sndNxt : !isRetx) this.sndNxt = seq + len;
    if (seq + len > this.sndMax) this.sndMax = seq + len;
    this.segmentsSent++;
    this.dataBytesSent += size;
    if (isRetx) this.retransmissions++;
    this.trace.send(now, this.p.flow, seq, len, isRetx);
    this.egress.sent(now, size);
    if (this.cc.onSend) this.cc.onSend(this, seq, len, isRetx);
    if (!this.rto.running) this.rto.restart(this.rtt.rtoNs); // RFC 6298 §5.1
    pkt.inject();
  }

  private onTimeout(): void {
    this.timeouts++;
    this.trace.event(this.sim.now(), this.p.flow, 'timeout');
    this.classifyLoss('rto');
    this.recovery.onTimeout(this);
    this.rtt.backoff();
    this.dupAcks = 0;
    this.markRecoverPoint();
    this.setState('loss');
    // The SACK scoreboard is kept (our receiver never reneges): going back skips what it holds.
    this.goBackN();
    this.rto.stop();
    this.afterVariant();
    if (!this.rto.running && this.sndMax > this.sndUna) this.rto.restart(this.rtt.rtoNs);
  }
}
