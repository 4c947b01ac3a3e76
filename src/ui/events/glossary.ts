/**
 * Every piece of jargon the stage shows, with one short definition and its unit: what a
 * student hovering or tabbing onto "ssthresh" or "TABE" reads. Keys are the words as they
 * appear on screen (legends show each estimate's declared label: 'BWE', 'TABE', 'ownd', 'VP' …).
 * `findTerms` locates them in running text for ./Term.tsx.
 */

export interface GlossaryEntry {
  /** What the word stands for. */
  name: string;
  /** One or two sentences, with the unit the app shows it in. */
  definition: string;
}

export const GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  cwnd: { name: 'congestion window', definition: 'How much data the sender lets be unacknowledged in flight; shown in segments (MSS-sized packets).' },
  ssthresh: { name: 'slow-start threshold', definition: 'Below it cwnd doubles every round trip (slow start); above it cwnd grows by about one segment per round trip. Set from cwnd when a loss is detected; in segments.' },
  RTO: { name: 'retransmission timeout', definition: 'How long the sender waits for a new ACK before resending the oldest unacknowledged segment and restarting from a small window; seconds (RFC 6298: SRTT + 4·RTTVAR, at least the minimum RTO).' },
  RTT: { name: 'round-trip time', definition: 'From sending a segment to receiving its ACK: propagation both ways plus queueing; milliseconds.' },
  MSS: { name: 'maximum segment size', definition: 'Payload bytes in one data packet; windows are counted in these.' },
  'duplicate ACK': { name: 'duplicate acknowledgement', definition: 'An ACK repeating the previous cumulative ACK number: a later segment arrived while an earlier one is missing. The 3rd in a row triggers a fast retransmit.' },
  'fast retransmit': { name: 'fast retransmit', definition: 'Resending the missing segment on the 3rd duplicate ACK, without waiting for the RTO (RFC 5681).' },
  pipe: { name: 'pipe', definition: 'The sender’s estimate of segments still in the network (sent, not acknowledged, not known lost), RFC 6675; segments.' },
  BWE: { name: 'bandwidth estimate (Westwood)', definition: 'The rate at which data is being acknowledged, low-pass filtered; after a loss ssthresh is set to BWE × minimum RTT instead of halving; Mb/s.' },
  TIBET: { name: 'TIBET bandwidth estimate', definition: 'Westwood-style estimate from time intervals between ACKs, filtered to resist ACK compression; Mb/s.' },
  ABE: { name: 'available bandwidth estimate (Jersey)', definition: 'Rate estimate from ACK arrival times; Jersey sets its window from it; Mb/s.' },
  TABE: { name: 'timestamp-based available bandwidth estimate (New Jersey)', definition: 'ABE computed from the receiver’s timestamps, so delays on the ACK path do not distort it; Mb/s.' },
  ownd: { name: 'optimal window (Jersey)', definition: 'The window the rate estimate says fills the path: ABE × RTT / segment size; segments.' },
  VP: { name: 'virtual priority backlog (NewReno-LP)', definition: 'The predictor’s estimate of packets this flow keeps queued; above the threshold the flow yields as a low-priority sender; segments.' },
  backlog: { name: 'backlog (Veno)', definition: 'Segments the flow keeps queued at the bottleneck, (expected − actual rate) × minimum RTT; a loss with a small backlog is taken for a random error; segments.' },
  diff: { name: 'Vegas diff', definition: '(expected − actual rate) × minimum RTT: segments of this flow sitting in queues; Vegas keeps it between α and β; segments.' },
  acprtt: { name: 'accumulated probe RTT (TCP-Probing)', definition: 'Running average of probe RTTs (0.2·old + 0.8·new); compared with the midpoint of the best and worst probe RTT to decide how to recover; milliseconds.' },
  'probe RTT': { name: 'probe round-trip time (TCP-Probing)', definition: 'Time from a header-only probe to its reply; low means the path is not congested; milliseconds.' },
  'wave level': { name: 'wave level (TCP-Real)', definition: 'The sender transmits in waves of 2·level segments; the receiver times each wave and raises, holds or lowers the level; level (no unit).' },
  'btl bw': { name: 'bottleneck bandwidth (BBR)', definition: 'Highest delivery rate measured over the last ~10 round trips; BBR paces at a gain times it; Mb/s.' },
  'min RTT': { name: 'minimum RTT', definition: 'Smallest round-trip time seen recently: the path’s delay without queueing; milliseconds.' },
  'pacing gain': { name: 'pacing gain (BBR)', definition: 'Multiplier on the bottleneck bandwidth for the sending rate: above 1 probes for more, below 1 drains the queue; no unit.' },
  'BBR mode': { name: 'BBR mode', definition: 'Which phase BBR is in: 0 STARTUP (doubling to find the bottleneck rate), 1 DRAIN (emptying the queue STARTUP built), 2 PROBE_BW (cruising with a gain cycle), 3 PROBE_RTT (4 segments for 200 ms to measure the empty-queue RTT); level.' },
  'gain phase': { name: 'gain-cycle phase (BBR)', definition: 'Where PROBE_BW is in its 8-round cycle: 0 probes at 1.25× the bottleneck rate, 1 drains at 0.75×, 2–7 cruise at 1×; −1 outside PROBE_BW; level.' },
  'pacing rate': { name: 'pacing rate', definition: 'How fast the sender spaces its packets: BBR paces at pacing gain × btl bw, Prague at 1.2–2 × cwnd per smoothed RTT; Mb/s.' },
  'cwnd gain': { name: 'cwnd gain (BBR)', definition: 'Multiplier on the bandwidth-delay product that caps data in flight; no unit.' },
  'DCTCP α': { name: 'DCTCP alpha', definition: 'Running estimate of the fraction of this flow’s bytes that came back ECN-marked, updated once per window with weight 1/16; on marks cwnd is cut by α/2 instead of halved; 0 … 1.' },
  'Prague α': { name: 'TCP Prague alpha', definition: 'The same marked-fraction estimate as DCTCP’s α, from L4S (ECT(1)) marks; cwnd is cut by α/2 once per round; 0 … 1.' },
  K: { name: 'CUBIC K', definition: 'Time the cubic curve takes to climb back to the window before the last loss (Wmax); seconds.' },
  wmax: { name: 'Wmax (CUBIC)', definition: 'The window when the last loss happened; the cubic curve plateaus around it; segments.' },
  ECN: { name: 'explicit congestion notification', definition: 'A queue marks a packet instead of dropping it; the receiver echoes the mark and the sender cuts its window once per round trip (RFC 3168).' },
};

export interface TermMatch {
  start: number;
  end: number;
  key: string;
}

const KEYS = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length);
const BY_LOWER = new Map(KEYS.map((k) => [k.toLowerCase(), k]));
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Whole words only, longest first ("cwnd gain" before "cwnd"), in any case ("tabe", "MIN RTT").
 */
const PATTERN = new RegExp(`(?<![\\w-])(${KEYS.map(escape).join('|')})(?![\\w-])`, 'gi');

/** Glossary words in a text, in order, not overlapping; `key` is the glossary's own spelling. */
export function findTerms(text: string): TermMatch[] {
  const out: TermMatch[] = [];
  for (const m of text.matchAll(PATTERN)) out.push({ start: m.index, end: m.index + m[0].length, key: BY_LOWER.get(m[0].toLowerCase())! });
  return out;
}
