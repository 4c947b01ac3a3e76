/**
 * "Simulate this path": a scenario fitted to a reconstructed connection, and the measures that
 * compare a real and a simulated run the same way.
 *
 * - Bottleneck rate: delivery-rate samples (bytes newly ACKed or SACKed over one minimum RTT,
 *   Linux's and BBR's notion), median, scaled from payload to the IP bytes a link carries
 *   ((MSS + headers) / MSS) — the simulator's links count whole packets.
 * - Base RTT: the minimum RTT sample. The bottleneck's one-way delay is what is left of it after
 *   the 1 ms access link each way and the serialization of one data packet and one ACK on both
 *   links (the simulator's RTT of an empty path).
 * - Buffer: the fullest queue seen, in packets: (RTT when fullest − base RTT) × rate. "Fullest"
 *   is the 99th percentile of the RTT samples, or the RTT just before a loss episode if higher
 *   (a drop-tail queue overflows only when full).
 * - Random loss: retransmissions in episodes that began with the queue under three-quarters
 *   full (no overflow can explain them) per original data segment.
 * - TCP: MSS, SACK and timestamps as negotiated, the initial window counted before the first ACK,
 *   delayed ACKs when the receiver ACKed fewer than three data segments in four, with Linux's
 *   40 ms delayed-ACK timer. The minimum RTO stays RFC 6298's 1 s: Linux's 200 ms bounds the
 *   variance term (RTO = SRTT + max(4·RTTVAR, 200 ms)), while the simulator's bound is on the
 *   whole RTO, so 200 ms there would fire spurious timeouts as soon as the queue fills.
 */
import type { ScenarioInput } from '../scenario/schema.ts';
import type { Reconstruction, RttSummary } from './reconstruct.ts';

export interface PathFit {
  rateBps: number;
  baseRttMs: number;
  /** The bottleneck's one-way propagation delay that gives baseRttMs. */
  delayMs: number;
  bufferPackets: number;
  randomLossRate: number;
  mssBytes: number;
  /** IP + TCP header bytes of a data packet. */
  headerBytes: number;
  initialCwndSegments: number;
  delayedAck: boolean;
  sack: boolean;
  timestamps: boolean;
  durationS: number;
  /** Why a value could not be fitted (the default used instead). */
  notes: string[];
}

/** The access link every flow sits behind in the simulator's presets: 100 Mb/s, 1 ms. */
const ACCESS_RATE_BPS = 100e6;
const ACCESS_DELAY_MS = 1;
/** Header bytes of a pure ACK: IP + TCP, + 12 with timestamps. */
const ackBytes = (timestamps: boolean): number => 40 + (timestamps ? 12 : 0);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.ceil(0.5 * s.length) - 1];
}

function quantileOf(values: Float64Array, q: number): number | null {
  if (values.length === 0) return null;
  const s = Float64Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** Delivery-rate samples (payload bit/s) over windows of at least `windowNs`. */
export function deliveryRates(r: Reconstruction, windowNs: number): number[] {
  const { tNs, bytes } = r.delivered;
  const out: number[] = [];
  let j = 0;
  for (let i = 0; i < tNs.length; i++) {
    while (j + 1 < i && tNs[i] - tNs[j + 1] >= windowNs) j++;
    const dt = tNs[i] - tNs[j];
    if (dt >= windowNs && dt > 0) out.push(((bytes[i] - bytes[j]) * 8e9) / dt);
  }
  return out;
}

/** Base RTT of the simulator's path: propagation both ways plus one data packet and one ACK serialized on each link. */
export function pathBaseRttMs(rateBps: number, delayMs: number, dataBytes: number, ackBytesOnWire: number): number {
  const ser = (bytes: number): number => ((bytes * 8) / rateBps + (bytes * 8) / ACCESS_RATE_BPS) * 1000;
  return 2 * (delayMs + ACCESS_DELAY_MS) + ser(dataBytes) + ser(ackBytesOnWire);
}

export function fitPath(r: Reconstruction): PathFit {
  const s = r.summary;
  const notes: string[] = [];
  const mss = s.mssBytes > 0 ? s.mssBytes : 1000;
  const headerBytes = s.dataHeaderBytes > 0 ? s.dataHeaderBytes : 40 + (s.timestamps ? 12 : 0);
  const packetBytes = mss + headerBytes;
  const minRtt = s.rttMs.min;
  let baseRttMs = minRtt ?? 100;
  if (minRtt === null) notes.push('no RTT sample (no ACK timed a segment sent once): base RTT set to 100 ms');
  const rates = deliveryRates(r, baseRttMs * 1e6);
  const payloadRate = median(rates) ?? s.goodputBps;
  let rateBps = (payloadRate * packetBytes) / mss;
  if (!(rateBps > 0)) {
    rateBps = 1e6;
    notes.push('nothing was delivered: bottleneck rate set to 1 Mb/s');
  }
  rateBps = Math.min(10e9, Math.max(1000, rateBps));
  const ackOnWire = ackBytes(s.timestamps);
  let delayMs = (baseRttMs - pathBaseRttMs(rateBps, 0, packetBytes, ackOnWire)) / 2;
  if (delayMs < 0) {
    notes.push(`the minimum RTT (${baseRttMs.toFixed(2)} ms) is shorter than sending one packet and its ACK at the fitted rate: delay set to 0`);
    delayMs = 0;
    baseRttMs = pathBaseRttMs(rateBps, 0, packetBytes, ackOnWire);
  }
  // The fullest queue.
  const p99 = quantileOf(r.rtt.rttMs, 0.99) ?? baseRttMs;
  let fullRtt = p99;
  for (const e of r.episodes) if (e.rttBeforeMs !== null) fullRtt = Math.max(fullRtt, e.rttBeforeMs);
  const pktMs = ((packetBytes * 8) / rateBps) * 1000;
  const bufferPackets = Math.max(1, Math.min(100_000, Math.round((fullRtt - baseRttMs) / pktMs)));
  // Random loss: episodes that began with the queue well short of full.
  const fullEnough = baseRttMs + 0.75 * (fullRtt - baseRttMs);
  let unexplained = 0;
  for (const e of r.episodes) if (e.rttBeforeMs !== null && e.rttBeforeMs < fullEnough) unexplained += e.retransmissions;
  const originals = s.dataPackets - s.retransmissions;
  const randomLossRate = originals > 0 ? Math.min(0.5, unexplained / originals) : 0;
  return {
    rateBps,
    baseRttMs,
    delayMs,
    bufferPackets,
    randomLossRate,
    mssBytes: mss,
    headerBytes,
    initialCwndSegments: Math.max(1, Math.min(100, s.initialWindowSegments || 2)),
    delayedAck: s.ackRatio > 0 && s.ackRatio < 0.75,
    sack: s.sackPermitted,
    timestamps: s.timestamps,
    durationS: Math.max(1, Math.min(3600, Math.ceil(s.durationS))),
    notes,
  };
}

/** The fitted path as a scenario (validate it with parseScenario before running). */
export function fittedScenario(fit: PathFit, variant: string, label: string): ScenarioInput {
  const round = (x: number, d: number): number => Math.round(x * 10 ** d) / 10 ** d;
  const rate = Math.round(fit.rateBps);
  return {
    version: 4,
    name: `fitted: ${label}`.slice(0, 200),
    description:
      `Path fitted to the captured connection ${label}: ${round(rate / 1e6, 3)} Mb/s bottleneck, base RTT ${round(fit.baseRttMs, 2)} ms, ` +
      `${fit.bufferPackets}-packet drop-tail buffer, random loss ${round(fit.randomLossRate * 100, 3)} %.`.slice(0, 2000),
    durationS: fit.durationS,
    seed: 1,
    path: [
      {
        id: 'bottleneck',
        forward: {
          rateBps: rate,
          delayMs: round(fit.delayMs, 3),
          queue: { kind: 'droptail', limitPackets: fit.bufferPackets },
          errors: fit.randomLossRate > 0 ? [{ kind: 'bernoulli', per: round(fit.randomLossRate, 5) }] : [],
        },
      },
    ],
    flows: [
      {
        id: 'flow1',
        variant,
        startS: 0,
        bytes: null,
        access: { id: 'access1', forward: { rateBps: ACCESS_RATE_BPS, delayMs: ACCESS_DELAY_MS, queue: { kind: 'droptail', limitPackets: 100 } } },
        tcp: {
          mssBytes: Math.max(100, Math.min(9000, fit.mssBytes)),
          initialCwndSegments: fit.initialCwndSegments,
          sack: fit.sack,
          timestamps: fit.timestamps,
          delayedAck: fit.delayedAck,
          delayedAckMs: 40,
        },
      },
    ],
  };
}

export type { RttSummary };
