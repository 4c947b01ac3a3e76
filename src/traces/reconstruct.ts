/**
 * Per-connection reconstruction of a captured TCP transfer into the simulator's trace columns
 * (flow 0: the data sender), so the panels that draw a simulated run draw a real one unchanged.
 *
 * Rules, and where they come from:
 * - Sequence numbers are made relative to the sender's initial sequence number + 1 (the first data
 *   byte is 0, as in the simulator), unwrapped across 2^32 by the signed 32-bit difference to the
 *   previous value (RFC 9293 §3.4's modular comparison).
 * - A data segment is a retransmission when it starts below the highest sequence sent so far
 *   (tcptrace's and Wireshark's rule).
 * - A duplicate ACK: no data, no SYN/FIN, acknowledges exactly sndUna while data is outstanding,
 *   and the advertised window is unchanged (RFC 5681 §2).
 * - A D-SACK (RFC 2883 §4): the first SACK block lies below the cumulative ACK or inside the second
 *   block; it reports data that arrived twice, so the retransmission of it was spurious.
 * - Spurious by timestamps (the Eifel test, RFC 3522): the first ACK of retransmitted data echoes a
 *   TSval older than the retransmission's: the original arrived.
 * - RTT samples by Karn's rule: an ACK that advances sndUna to the end of a segment sent once
 *   times that segment — unless a hole was pending (SACKed data above sndUna, or duplicate ACKs):
 *   then the ACK came when the hole was repaired and times the repair, not the path.
 * - Bytes in flight (the estimated window): RFC 6675's pipe (SetPipe with IsLost by SACKed bytes
 *   above a segment), which is also what Linux's packets_in_flight counts (unacked − sacked − lost
 *   + retransmitted); without SACK, sndMax − sndUna.
 * - A reset (either way) ends the connection: later packets are ignored.
 * - Loss episodes: a retransmission of the segment at sndUna after ≥ 200 ms of silence from the
 *   receiver (Linux's minimum RTO) is a timeout, also within a recovery; otherwise the first one
 *   after duplicate ACKs or SACKs starts a fast recovery. An episode ends when sndUna passes what was outstanding
 *   at its start (RFC 6582's `recover`). Retransmissions outside an episode (tail-loss probes)
 *   are counted but start none.
 */
import { ColumnarSink, type CaState, type TableName, type TraceData } from '../engine/core/trace.ts';
import type { EstimateInfo } from '../engine/tcp/cc/types.ts';
import { ACK, FIN, RST, SYN, type TcpSegment } from './decode.ts';

export type Side = 'client' | 'server';

export interface RttSummary {
  min: number | null;
  median: number | null;
  p95: number | null;
}

export interface ConnectionSummary {
  /** "address:port" of the side that sent the SYN (or, without a handshake, the data sender). */
  client: string;
  server: string;
  /** Where the capture was taken, from the handshake's timing (or the data's, without one). */
  captureSide: Side | 'unknown';
  /** Which side sent the data this reconstruction is about. */
  dataSender: Side;
  handshakeSeen: boolean;
  packets: number;
  dataPackets: number;
  retransmissions: number;
  /** Retransmissions shown unnecessary by D-SACK or timestamps. */
  spuriousRetransmissions: number;
  fastRecoveries: number;
  timeouts: number;
  duplicateAcks: number;
  bytesAcked: number;
  /** First data segment → last ACK that advanced sndUna. */
  durationS: number;
  goodputBps: number;
  rttMs: RttSummary;
  mssBytes: number;
  sackPermitted: boolean;
  timestamps: boolean;
  /** Window scale the receiver's advertised windows are shifted by. */
  rcvWindowScale: number;
  /** Data segments sent before the first ACK of data arrived (the initial window, if captured at the sender). */
  initialWindowSegments: number;
  /** Most header bytes (IP + TCP, options included) seen on a data segment. */
  dataHeaderBytes: number;
  /** Fraction of the receiver's ACKs to data segments (≈ 0.5 with delayed ACKs, 1 without). */
  ackRatio: number;
  warnings: string[];
}

export interface Episode {
  kind: 'recovery' | 'loss';
  startNs: number;
  endNs: number | null;
  /** RTT sample just before the episode began (ms), null if none yet. */
  rttBeforeMs: number | null;
  retransmissions: number;
}

export interface Reconstruction {
  summary: ConnectionSummary;
  /** The simulator's tables with flow 0 = the data sender; times from the first data segment. */
  trace: TraceData;
  /** What the `estimate` table's key column indexes. */
  estimates: EstimateInfo[];
  rtt: { tNs: Float64Array; rttMs: Float64Array };
  /** At every ACK: bytes the receiver is known to hold (cumulatively ACKed + SACKed), the delivery-rate input. */
  delivered: { tNs: Float64Array; bytes: Float64Array };
  episodes: Episode[];
  /** Capture time (ns since the capture's base second) of the trace's t = 0. */
  t0Ns: number;
  /** Capture time the handshake completed at the client (its ACK of the SYN-ACK), null without one. */
  handshakeDoneNs: number | null;
}

/** Estimates written to the `estimate` table (key = index). */
export const CAPTURE_ESTIMATES: EstimateInfo[] = [
  { key: 'rttMs', label: 'RTT', unit: 'ms' },
  { key: 'rwndSegments', label: 'rwnd', unit: 'segments' },
  { key: 'goodputBps', label: 'goodput', unit: 'bit/s' },
];
/** The tables a reconstruction fills (the others stay empty: a capture has no queue, drop or link records). */
const TABLES: readonly TableName[] = ['cwnd', 'send', 'ack', 'event', 'castate', 'estimate'];
const EST_RTT = 0;
const EST_RWND = 1;
const EST_GOODPUT = 2;
/** Goodput is counted in bins of this width. */
export const GOODPUT_BIN_NS = 500e6;
const MIN_RTO_NS = 200e6;

export function endpoint(addr: string, port: number): string {
  return addr.includes(':') ? `[${addr}]:${port}` : `${addr}:${port}`;
}

/** Signed 32-bit difference a − b. */
const diff32 = (a: number, b: number): number => (a - b) | 0;

function quantile(sorted: Float64Array | number[], q: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  // Nearest rank (the smallest value with at least q of the samples at or below it).
  return sorted[Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1))];
}

export function rttSummary(ms: Float64Array): RttSummary {
  const s = Float64Array.from(ms).sort();
  return { min: s.length ? s[0] : null, median: quantile(s, 0.5), p95: quantile(s, 0.95) };
}

interface SentSeg {
  start: number;
  end: number;
  firstNs: number;
  retransmitted: boolean;
  /** TSval of the latest transmission, null without timestamps. */
  lastTsVal: number | null;
  /** Retransmission already judged spurious (counted once). */
  spurious: boolean;
}

/**
 * Reconstructs one connection's segments (in capture order). `dataSender` is chosen as the side
 * that sent more payload unless given.
 */
export function reconstruct(segs: readonly TcpSegment[], opts: { dataSender?: Side } = {}): Reconstruction {
  if (segs.length === 0) throw new RangeError('reconstruct: the connection has no packets');
  const warnings: string[] = [];
  const first = segs[0];
  const a = endpoint(first.src, first.sport);
  const synSeg = segs.find((s) => s.flags & SYN && !(s.flags & ACK));
  const synAck = segs.find((s) => s.flags & SYN && s.flags & ACK);
  // Client: the SYN's source; without a SYN, the SYN-ACK's destination; else decided below.
  let client: string | null = synSeg ? endpoint(synSeg.src, synSeg.sport) : synAck ? endpoint(synAck.dst, synAck.dport) : null;
  // Payload per direction; the other end is the first packet's destination.
  let bytesA = 0;
  let bytesB = 0;
  for (const s of segs) {
    if (s.sport === first.sport && s.src === first.src) bytesA += s.payloadLen;
    else bytesB += s.payloadLen;
  }
  const b = endpoint(first.dst, first.dport);
  const biggest = bytesA >= bytesB ? a : b;
  if (client === null) {
    client = biggest;
    warnings.push('the connection was seen mid-way (no SYN): sequence numbers count from the first data seen, options agreed in the handshake (window scale, MSS, SACK) are guessed');
  }
  const server = client === a ? b : a;
  const sender = opts.dataSender ? (opts.dataSender === 'client' ? client : server) : biggest;
  const dataSender: Side = sender === client ? 'client' : 'server';
  // Compared field by field, so no "address:port" string is built per packet (docs/performance.md).
  const senderSeg = segs.find((s) => endpoint(s.src, s.sport) === sender) ?? first;
  const sAddr = senderSeg.src;
  const sPort = senderSeg.sport;
  const fromSender = (s: TcpSegment): boolean => s.sport === sPort && s.src === sAddr;

  // Handshake timing: at the client, SYN → SYN-ACK takes the whole RTT and SYN-ACK → ACK none.
  let captureSide: Side | 'unknown' = 'unknown';
  let handshakeDoneNs: number | null = null;
  const handshakeSeen = synSeg !== undefined && synAck !== undefined;
  if (synSeg && synAck) {
    const thirdAck = segs.find((s) => s.tNs >= synAck.tNs && endpoint(s.src, s.sport) === client && s.flags & ACK && !(s.flags & SYN));
    if (thirdAck) {
      handshakeDoneNs = thirdAck.tNs;
      captureSide = synAck.tNs - synSeg.tNs >= thirdAck.tNs - synAck.tNs ? 'client' : 'server';
    }
  }

  // Options agreed in the handshake.
  const senderSyn = segs.find((s) => s.flags & SYN && fromSender(s));
  const rcvSyn = segs.find((s) => s.flags & SYN && !fromSender(s));
  const wsOk = senderSyn?.options.wscale != null && rcvSyn?.options.wscale != null;
  const rcvWindowScale = wsOk ? (rcvSyn?.options.wscale as number) : 0;
  if (!handshakeSeen && !wsOk) warnings.push('window scaling unknown without the handshake: receive windows are shown unscaled');
  const sackPermitted = (senderSyn?.options.sackPermitted ?? false) && (rcvSyn?.options.sackPermitted ?? false);
  const timestamps = segs.some((s) => s.options.tsVal !== null);
  let maxPayload = 0;
  for (const s of segs) if (fromSender(s)) maxPayload = Math.max(maxPayload, s.payloadLen);
  // The largest payload sent is the MSS in use (the SYN's option also counts room for TCP options).
  const mssBytes = maxPayload > 0 ? maxPayload : (rcvSyn?.options.mss ?? senderSyn?.options.mss ?? 0);

  // Relative sequence numbers.
  const firstData = segs.find((s) => fromSender(s) && s.payloadLen > 0);
  const isn = senderSyn ? (senderSyn.seq + 1) >>> 0 : firstData ? firstData.seq : segs.find(fromSender)?.seq ?? 0;
  let lastSeqRaw = isn;
  let lastSeqRel = 0;
  const relSeq = (raw: number): number => {
    lastSeqRel += diff32(raw, lastSeqRaw);
    lastSeqRaw = raw;
    return lastSeqRel;
  };
  let lastAckRaw = isn;
  let lastAckRel = 0;
  const relAck = (raw: number): number => {
    lastAckRel += diff32(raw, lastAckRaw);
    lastAckRaw = raw;
    return lastAckRel;
  };
  // A SACK block's edge is read against the ACK of its own segment (they are within a window of it).
  const relEdge = (raw: number, ackRaw: number, ackRel: number): number => ackRel + diff32(raw, ackRaw);

  const t0Ns = firstData ? firstData.tNs : first.tNs;
  // The engine's own sink: the same tables, columns and row layout a simulated run gets.
  const sink = new ColumnarSink(TABLES);
  const delT: number[] = [];
  const delB: number[] = [];
  const rttT: number[] = [];
  const rttMs: number[] = [];
  const episodes: Episode[] = [];

  const sent: SentSeg[] = []; // originals, in sequence order
  let sndMax = 0;
  let sndUna = 0;
  let dataEnd = 0; // highest data byte sent + 1 (FIN excluded)
  let dataPackets = 0;
  let retransmissions = 0;
  let spurious = 0;
  let dupAcks = 0;
  let dupSinceNew = 0;
  let acksOfData = 0;
  let lastRcvNs = -Infinity;
  let lastRwnd = -1;
  let lastAdvanceNs = t0Ns;
  let firstAckNs: number | null = null;
  let initialWindow = 0;
  let headerBytes = 0;
  let state: CaState = 'open';
  let episode: Episode | null = null;
  let recoverPoint = 0;
  // SACKed ranges above sndUna, disjoint and sorted.
  let sacked: Array<[number, number]> = [];
  let sackedBytes = 0;
  let lastFlight = -1;
  let binStart = 0;
  let binAcked = 0;

  // Read through a function: the closures above change `state`, which flow analysis does not see.
  const currentState = (): CaState => state;
  const setState = (t: number, to: CaState): void => {
    if (to === state) return;
    sink.castate(t, 0, state, to, sndUna);
    state = to;
  };
  // Bytes of [l, r) SACKed.
  const sackedIn = (l: number, r: number): number => {
    let n = 0;
    for (const [x, y] of sacked) n += Math.max(0, Math.min(r, y) - Math.max(l, x));
    return n;
  };
  // RFC 6675 SetPipe over the outstanding segments, newest first so the SACKed bytes above each
  // are known: a segment not SACKed counts unless IsLost (more than (DupThresh − 1)·SMSS bytes
  // SACKed above it), and once more if it was retransmitted (the copy still in flight).
  const pipe = (): number => {
    if (sackedBytes === 0) return sndMax - sndUna;
    let above = 0;
    let total = 0;
    const lostAbove = 2 * Math.max(1, mssBytes);
    for (let i = sent.length - 1; i >= 0 && sent[i].end > sndUna; i--) {
      const sg = sent[i];
      const l = Math.max(sg.start, sndUna);
      const sk = sackedIn(l, sg.end);
      const open = sg.end - l - sk;
      if (open > 0) {
        if (above <= lostAbove) total += open;
        if (sg.retransmitted) total += open;
      }
      above += sk;
    }
    return total;
  };
  const flightRow = (t: number): void => {
    const flight = Math.max(0, pipe());
    if (flight !== lastFlight) {
      sink.cwnd(t, 0, flight, Number.POSITIVE_INFINITY);
      lastFlight = flight;
    }
  };
  // Segment whose range holds `seq` (binary search over the originals).
  const segAt = (seq: number): number => {
    let lo = 0;
    let hi = sent.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sent[mid].end <= seq) lo = mid + 1;
      else if (sent[mid].start > seq) hi = mid - 1;
      else return mid;
    }
    return -1;
  };
  const addSacked = (l: number, r: number): void => {
    if (r <= l || r <= sndUna) return;
    l = Math.max(l, sndUna);
    const out: Array<[number, number]> = [];
    let placed = false;
    for (const [x, y] of sacked) {
      if (y < l) out.push([x, y]);
      else if (x > r) {
        if (!placed) {
          out.push([l, r]);
          placed = true;
        }
        out.push([x, y]);
      } else {
        l = Math.min(l, x);
        r = Math.max(r, y);
      }
    }
    if (!placed) out.push([l, r]);
    sacked = out;
    sackedBytes = sacked.reduce((s, [x, y]) => s + y - x, 0);
  };
  const trimSacked = (): void => {
    if (sacked.length === 0) return;
    sacked = sacked.filter(([, y]) => y > sndUna).map(([x, y]) => [Math.max(x, sndUna), y]);
    sackedBytes = sacked.reduce((s, [x, y]) => s + y - x, 0);
  };
  const markSpurious = (l: number, r: number): void => {
    for (let i = Math.max(0, segAt(l)); i >= 0 && i < sent.length && sent[i].start < r; i++) {
      const s = sent[i];
      if (s.end > l && s.retransmitted && !s.spurious) {
        s.spurious = true;
        spurious++;
      }
    }
  };
  const flushBins = (t: number): void => {
    while (t - t0Ns >= binStart + GOODPUT_BIN_NS) {
      sink.estimate(binStart + GOODPUT_BIN_NS, 0, EST_GOODPUT, (binAcked * 8 * 1e9) / GOODPUT_BIN_NS);
      binStart += GOODPUT_BIN_NS;
      binAcked = 0;
      // A long silence (or a corrupt time far ahead) is one empty bin, not millions of them.
      const skip = Math.floor((t - t0Ns - binStart) / GOODPUT_BIN_NS) - 1;
      if (skip > 0) binStart += skip * GOODPUT_BIN_NS;
    }
  };

  for (const s of segs) {
    // A reset ends the connection: what arrives after it reaches no socket.
    if (s.flags & RST) break;
    const t = s.tNs - t0Ns;
    if (s.tNs >= t0Ns) flushBins(s.tNs);
    if (fromSender(s)) {
      if (s.flags & SYN) continue;
      const start = relSeq(s.seq);
      if (s.payloadLen <= 0) continue;
      const end = start + s.payloadLen;
      dataPackets++;
      headerBytes = Math.max(headerBytes, s.headerLen);
      if (firstAckNs === null) initialWindow++;
      const retransmit = start < sndMax;
      sink.send(t, 0, start, s.payloadLen, retransmit);
      if (retransmit) {
        retransmissions++;
        for (let i = Math.max(0, segAt(start)); i >= 0 && i < sent.length && sent[i].start < end; i++) {
          if (sent[i].end > start) {
            sent[i].retransmitted = true;
            sent[i].lastTsVal = s.options.tsVal;
          }
        }
        const atUna = start <= sndUna && sndUna < end;
        // The receiver silent for a minimum RTO: only the retransmission timer resends then.
        const timedOut = atUna && s.tNs - lastRcvNs >= MIN_RTO_NS;
        const kind: Episode['kind'] | null = timedOut ? 'loss' : atUna && !episode && (dupSinceNew > 0 || sackedBytes > 0) ? 'recovery' : null;
        if (kind !== null) {
          // A timeout ends a recovery in progress (and each backed-off expiry is one more timeout).
          if (episode) episode.endNs = t;
          episode = { kind, startNs: t, endNs: null, rttBeforeMs: rttMs.length ? rttMs[rttMs.length - 1] : null, retransmissions: 1 };
          episodes.push(episode);
          recoverPoint = sndMax;
          sink.event(t, 0, kind === 'recovery' ? 'fast-retransmit' : 'timeout');
          setState(t, kind);
        } else if (episode) episode.retransmissions++;
      }
      if (end > sndMax) {
        // New data (possibly after a retransmitted prefix): one original per transmission.
        const from = Math.max(start, sndMax);
        sent.push({ start: from, end, firstNs: s.tNs, retransmitted: false, lastTsVal: s.options.tsVal, spurious: false });
        sndMax = end;
      }
      dataEnd = Math.max(dataEnd, end);
      flightRow(t);
      continue;
    }
    // From the receiver.
    lastRcvNs = s.tNs;
    if (!(s.flags & ACK) || s.flags & SYN) continue;
    const ack = relAck(s.ack);
    const rwnd = s.window * 2 ** rcvWindowScale;
    if (s.tNs < t0Ns) {
      lastRwnd = rwnd;
      continue;
    }
    acksOfData++;
    if (firstAckNs === null && ack > 0) firstAckNs = s.tNs;
    sink.ack(t, 0, ack);
    if (rwnd !== lastRwnd && mssBytes > 0) sink.estimate(t, 0, EST_RWND, rwnd / mssBytes);
    // SACK blocks (D-SACK first).
    const blocks = s.options.sack.map(([l, r]) => [relEdge(l, s.ack, ack), relEdge(r, s.ack, ack)] as [number, number]);
    if (blocks.length > 0) {
      const [l0, r0] = blocks[0];
      const dsack = l0 < ack || (blocks.length > 1 && l0 >= blocks[1][0] && r0 <= blocks[1][1]);
      if (dsack) markSpurious(l0, r0);
      for (let i = dsack ? 1 : 0; i < blocks.length; i++) addSacked(blocks[i][0], blocks[i][1]);
    }
    if (ack > sndUna) {
      // Eifel: the first ACK covering a retransmitted segment echoes the original's TSval.
      const tsEcr = s.options.tsEcr;
      for (let i = Math.max(0, segAt(sndUna)); i >= 0 && i < sent.length && sent[i].start < ack; i++) {
        const seg = sent[i];
        if (seg.retransmitted && !seg.spurious && seg.end <= ack && tsEcr !== null && seg.lastTsVal !== null && diff32(tsEcr, seg.lastTsVal) < 0) {
          seg.spurious = true;
          spurious++;
        }
      }
      // After a hole (SACKed data or duplicate ACKs) the cumulative ACK times the repair, not the path.
      const hole = sackedBytes > 0 || dupSinceNew > 0;
      const k = segAt(ack - 1);
      if (!hole && k >= 0 && sent[k].end === ack && !sent[k].retransmitted) {
        const ms = (s.tNs - sent[k].firstNs) / 1e6;
        rttT.push(t);
        rttMs.push(ms);
        sink.estimate(t, 0, EST_RTT, ms);
      }
      const newly = Math.min(ack, dataEnd) - Math.min(sndUna, dataEnd);
      binAcked += Math.max(0, newly);
      sndUna = ack;
      lastAdvanceNs = s.tNs;
      dupSinceNew = 0;
      trimSacked();
      if (episode && sndUna >= recoverPoint) {
        episode.endNs = t;
        // As the simulator marks it: the end of a fast recovery, not of a timeout's loss state.
        if (episode.kind === 'recovery') sink.event(t, 0, 'recovery-exit');
        episode = null;
        setState(t, 'open');
      } else if (!episode && currentState() === 'disorder' && sackedBytes === 0) setState(t, 'open');
    } else if (ack === sndUna && s.payloadLen === 0 && !(s.flags & FIN) && sndMax > sndUna && rwnd === lastRwnd) {
      dupAcks++;
      dupSinceNew++;
      if (currentState() === 'open') setState(t, 'disorder');
    }
    lastRwnd = rwnd;
    delT.push(t);
    delB.push(Math.min(sndUna, dataEnd) + sackedBytes);
    flightRow(t);
  }
  flushBins(lastAdvanceNs + GOODPUT_BIN_NS);

  if (dataPackets === 0) warnings.push('no data segments in this connection: nothing to draw');
  if (captureSide !== 'unknown' && captureSide !== dataSender)
    warnings.push('captured at the receiving end: send times are arrival times and the bytes-in-flight estimate lags the sender by about half an RTT');

  const bytesAcked = Math.max(0, Math.min(sndUna, dataEnd));
  const durationNs = lastAdvanceNs - t0Ns;
  const rtt = { tNs: Float64Array.from(rttT), rttMs: Float64Array.from(rttMs) };
  const summary: ConnectionSummary = {
    client,
    server,
    captureSide,
    dataSender,
    handshakeSeen,
    packets: segs.length,
    dataPackets,
    retransmissions,
    spuriousRetransmissions: spurious,
    fastRecoveries: episodes.filter((e) => e.kind === 'recovery').length,
    timeouts: episodes.filter((e) => e.kind === 'loss').length,
    duplicateAcks: dupAcks,
    bytesAcked,
    durationS: durationNs / 1e9,
    goodputBps: durationNs > 0 ? (bytesAcked * 8 * 1e9) / durationNs : 0,
    rttMs: rttSummary(rtt.rttMs),
    mssBytes,
    sackPermitted,
    timestamps,
    rcvWindowScale,
    initialWindowSegments: initialWindow,
    dataHeaderBytes: headerBytes,
    ackRatio: dataPackets > 0 ? acksOfData / dataPackets : 0,
    warnings,
  };
  return { summary, trace: sink.finish(TABLES), estimates: CAPTURE_ESTIMATES, rtt, delivered: { tNs: Float64Array.from(delT), bytes: Float64Array.from(delB) }, episodes, t0Ns, handshakeDoneNs };
}
