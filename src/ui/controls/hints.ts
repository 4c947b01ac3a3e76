/**
 * What the schema cannot say about a field: a label, the unit it is shown in, one plain-language
 * sentence for a student, and how its slider should behave. Keyed by field pattern
 * (`flows[].tcp.mssBytes`), or by `**.` + a pattern's tail for fields that recur (a link
 * direction's `rateBps` appears under path links, access links, forward and reverse). The most
 * specific key wins: an exact pattern, then the longest tail.
 *
 * tests/ui/fields.test.ts fails for any schema field missing here, so a new field has to be
 * described before it ships. Groups (the collapsible sections of the controls) come from
 * GROUP_RULES, by where a field sits rather than field by field.
 */
import { variantNames } from '../../catalogue/variants.ts';
import { errorFieldInfo } from '../../scenario/error-models.ts';

export type GroupId = 'scenario' | 'path' | 'errors' | 'queues' | 'flows' | 'cross' | 'apps';

/** Section order and titles. */
export const GROUPS: readonly { id: GroupId; title: string }[] = [
  { id: 'scenario', title: 'Scenario' },
  { id: 'path', title: 'Path' },
  { id: 'errors', title: 'Errors' },
  { id: 'queues', title: 'Queues' },
  { id: 'flows', title: 'Flows' },
  { id: 'cross', title: 'Cross traffic' },
  { id: 'apps', title: 'Applications' },
];

/** Shown value = stored value / factor (rates are stored in b/s, shown in Mb/s). */
export interface DisplayUnit {
  label: string;
  factor: number;
}

export interface SliderHint {
  /** Slider span when narrower than the schema range (typed values may still use all of it). */
  min?: number;
  max?: number;
  scale?: 'log' | 'linear';
  /** Smallest non-zero value of a log slider whose range starts at 0 (position 0 is then 0). */
  logMin?: number;
  step?: number;
}

export interface FieldHint {
  label: string;
  /** One sentence a student can act on. */
  hint: string;
  unit?: DisplayUnit;
  slider?: SliderHint;
  /** Allowed values the schema checks in code rather than by enum (variant names). */
  options?: () => readonly string[];
  /** Starting value when a field without a default has to be filled in (a new error model). */
  suggest?: unknown;
  /** False for the stand-in returned for a field missing from the table. */
  described: boolean;
}

type Entry = Omit<FieldHint, 'described'>;

const MBPS: DisplayUnit = { label: 'Mb/s', factor: 1e6 };
const MS: DisplayUnit = { label: 'ms', factor: 1 };
const S: DisplayUnit = { label: 's', factor: 1 };
const BYTES: DisplayUnit = { label: 'bytes', factor: 1 };
const PACKETS: DisplayUnit = { label: 'packets', factor: 1 };
const SEGMENTS: DisplayUnit = { label: 'segments', factor: 1 };
const TOKENS: DisplayUnit = { label: 'tokens', factor: 1 };
/** Error probabilities span decades: 1e-4 … 0.1 must be reachable on one slider. */
const PROBABILITY_SLIDER: SliderHint = { scale: 'log', logMin: 1e-4, max: 1 };
const RATE_SLIDER: SliderHint = { scale: 'log', min: 10e3, max: 10e9 };

const tcp = (prefix: string): Record<string, Entry> => ({
  [`${prefix}.profile`]: { label: 'TCP profile', hint: 'Where unset settings come from: rfc = the textbook defaults; linux = what a current Linux kernel does (initial window 10, 200 ms minimum RTO, SACK, byte counting, HyStart).' },
  [`${prefix}.byteCounting`]: { label: 'Byte counting', hint: 'Grow cwnd by the segments each ACK covers (RFC 3465), so delayed ACKs do not slow growth; auto: on with the linux profile.' },
  [`${prefix}.hystart`]: { label: 'HyStart (CUBIC)', hint: 'How CUBIC leaves its first slow start before a loss: hystart++ (RFC 9406) or linux (ACK train and delay increase); auto: linux with the linux profile.' },
  [`${prefix}.mssBytes`]: { label: 'Segment size (MSS)', unit: BYTES, hint: 'Payload bytes per data packet; cwnd is counted in these.' },
  [`${prefix}.initialCwndSegments`]: { label: 'Initial window', unit: SEGMENTS, hint: 'Segments sent in the first round trip, before any ACK arrives.' },
  [`${prefix}.rwndSegments`]: { label: 'Receiver window', unit: SEGMENTS, hint: 'The most the receiver lets be in flight, whatever cwnd says.', slider: { scale: 'log' } },
  [`${prefix}.sack`]: { label: 'SACK', hint: 'Receiver reports which later segments arrived, so several losses can be repaired per round trip.' },
  [`${prefix}.recovery`]: { label: 'Loss recovery', hint: 'How losses are found and repaired; auto: SACK + PRR with SACK on, else the variant’s own (Tahoe, Reno or NewReno).' },
  [`${prefix}.limitedTransmit`]: { label: 'Limited transmit', hint: 'The first two duplicate ACKs each send a new segment (RFC 3042): small windows reach fast retransmit instead of a timeout.' },
  [`${prefix}.timestamps`]: { label: 'Timestamps', hint: 'Lets retransmitted segments give RTT samples too (RFC 7323).' },
  [`${prefix}.delayedAck`]: { label: 'Delayed ACKs', hint: 'The receiver ACKs every second segment, or after the delay below.' },
  [`${prefix}.delayedAckMs`]: { label: 'Delayed-ACK timeout', unit: MS, hint: 'Longest wait before a lone segment is acknowledged.' },
  [`${prefix}.minRtoMs`]: { label: 'Minimum RTO', unit: MS, hint: 'Retransmission timeout never goes below this (RFC: 1 s; Linux: 200 ms).', slider: { scale: 'log' } },
  [`${prefix}.maxRtoMs`]: { label: 'Maximum RTO', unit: MS, hint: 'Back-off stops doubling the timeout here.', slider: { scale: 'log' } },
  [`${prefix}.initialRtoMs`]: { label: 'Initial RTO', unit: MS, hint: 'Timeout used before the first RTT sample.', slider: { scale: 'log' } },
  [`${prefix}.clockGranularityMs`]: { label: 'Clock granularity', unit: MS, hint: 'Timer tick G in RTO = SRTT + max(G, 4·RTTVAR).' },
  [`${prefix}.dupAckThreshold`]: { label: 'Duplicate-ACK threshold', unit: { label: 'ACKs', factor: 1 }, hint: 'Duplicate ACKs that trigger a fast retransmit (classically 3).' },
  [`${prefix}.ecn`]: { label: 'ECN', hint: 'Packets may be marked instead of dropped by a RED queue; the sender halves once per window on a mark.' },
});

const VARIANTS = (): readonly string[] => variantNames();

export const HINTS: Readonly<Record<string, Entry>> = {
  // Scenario
  version: { label: 'Format version', hint: 'Which version of the scenario format this is; old links are updated automatically.' },
  name: { label: 'Name', hint: 'A short title for the scenario.' },
  description: { label: 'Description', hint: 'What the scenario shows, in a sentence or two.' },
  durationS: { label: 'Duration', unit: S, hint: 'Simulated time the run covers.', slider: { scale: 'log', min: 0.1 } },
  seed: { label: 'Random seed', hint: 'Same seed, same random losses: change it to see another run of the same experiment.', slider: { scale: 'linear', min: 0, max: 1000, step: 1 } },

  // Lists (their items get these names: "Path link 1: bottleneck")
  path: { label: 'Path links', hint: 'The shared hops from the first router to the receivers, in order.' },
  flows: { label: 'Flows', hint: 'One TCP connection each, behind its own access link.' },
  cross: { label: 'Cross-traffic sources', hint: 'Background traffic sharing part of the path.' },

  // Links (path hops and access links)
  'path[].id': { label: 'Link name', hint: 'Names the link in charts and results; must be unique.', suggest: 'link1' },
  'flows[].access.id': { label: 'Access link name', hint: 'Names the flow’s own first hop; must be unique among links.', suggest: 'access1' },
  '**.forward': { label: 'Forward (data direction)', hint: 'From the senders toward the receivers.' },
  '**.reverse': { label: 'Reverse (ACK direction)', hint: 'From the receivers back; left-out fields copy the forward direction.' },
  '**.rateBps': { label: 'Rate', unit: MBPS, hint: 'How fast the link sends bits: the time to put one packet on the wire.', slider: RATE_SLIDER },
  '**.delayMs': { label: 'Propagation delay', unit: MS, hint: 'One-way travel time; the round trip adds both directions of every hop.', slider: { scale: 'log', logMin: 0.1, max: 2000 } },
  '**.rateSdBps': { label: 'Rate variation (sd)', unit: MBPS, hint: 'Wireless links vary: the rate is redrawn around its mean with this spread; 0 = constant.', slider: { scale: 'log', logMin: 1e3, max: 1e9 } },
  '**.rateSlotMs': { label: 'Rate redraw interval', unit: MS, hint: 'How often the varying rate changes; off = a new rate for every packet.', suggest: 100, slider: { scale: 'log' } },
  '**.extraDelayMeanMs': { label: 'Extra delay (mean)', unit: MS, hint: 'Random extra delay per packet, like link-layer retransmissions; packets stay in order.', slider: { scale: 'log', logMin: 0.1, max: 1000 } },

  // Ack Regulator (3G paper §5)
  '**.ackRegulator': { label: 'Ack Regulator', hint: 'Holds returning ACKs until this link’s buffer has room for the data they will release, so bursts do not overflow it; off = none.' },
  '**.ackRegulator.mode': { label: 'Regulator mode', hint: 'Conservative expects 2 packets per ACK while the flow is in slow start (no overflow there); non-conservative always expects 1.' },
  '**.ackRegulator.bufferPackets': { label: 'Planned buffer', unit: PACKETS, hint: 'The buffer size the regulator plans with; off = the queue’s real size.', suggest: 10, slider: { scale: 'log', min: 1, max: 10_000 } },
  '**.ackRegulator.reservePackets': { label: 'Reserve slots', unit: PACKETS, hint: 'Buffer slots kept free for packets nobody expects: fewer losses, but ACKs wait longer.', slider: { max: 100, step: 1 } },
  '**.ackRegulator.maxHeldAcks': { label: 'Most ACKs held', unit: { label: 'ACKs', factor: 1 }, hint: 'Beyond this many waiting ACKs the oldest goes anyway, so the round trip cannot grow without limit; off = the buffer size.', suggest: 10, slider: { scale: 'log', min: 1, max: 10_000 } },

  // Queues
  '**.queue': { label: 'Queue', hint: 'The buffer in front of the link.' },
  '**.queue.kind': { label: 'Queue discipline', hint: 'Drop-tail drops only when full; RED drops (or marks) early at random; CW marks every packet while the average is high; CoDel, FQ-CoDel, PIE and DualPI2 act on how long packets wait.' },
  '**.queue.limitPackets': { label: 'Buffer size', unit: PACKETS, hint: 'Packets that can wait; a bigger buffer means fewer drops but longer delays.', slider: { scale: 'log', min: 1, max: 10_000 } },
  '**.queue.limitBytes': { label: 'Byte limit', unit: BYTES, hint: 'Optional cap on waiting bytes; off = count packets only.', suggest: 100_000, slider: { scale: 'log' } },
  '**.queue.minThPackets': { label: 'RED min threshold', unit: PACKETS, hint: 'Below this average queue nothing is dropped early.', slider: { max: 1000 } },
  '**.queue.maxThPackets': { label: 'RED max threshold', unit: PACKETS, hint: 'At this average queue the early-drop probability reaches max p.', slider: { max: 1000 } },
  '**.queue.maxP': { label: 'RED max p', hint: 'Early-drop probability at the max threshold.', slider: PROBABILITY_SLIDER },
  '**.queue.weight': { label: 'Averaging weight', hint: 'How fast the average queue follows the real one (small = slow, smooth).', slider: { scale: 'log' } },
  '**.queue.ecn': { label: 'Mark instead of drop', hint: 'ECN-capable packets are marked rather than dropped early.' },
  '**.queue.gentle': { label: 'Gentle RED', hint: 'Above max threshold the drop probability ramps up to 1 instead of jumping.' },
  '**.queue.targetMs': { label: 'Target delay', unit: MS, hint: 'The queueing delay the AQM steers towards (CoDel 5 ms, PIE and DualPI2 15 ms).', slider: { scale: 'log', logMin: 0.1, max: 1000 } },
  '**.queue.intervalMs': { label: 'CoDel interval', unit: MS, hint: 'How long the delay must stay above target before CoDel drops; about one worst-case round trip.', slider: { scale: 'log', logMin: 1, max: 10_000 } },
  '**.queue.flows': { label: 'Flow queues', hint: 'How many queues FQ-CoDel hashes flows into.', slider: { scale: 'log', min: 1, max: 65_536 } },
  '**.queue.quantumBytes': { label: 'Quantum', unit: BYTES, hint: 'Bytes each flow queue may send per round of the round robin.', slider: { scale: 'log', min: 64, max: 100_000 } },
  '**.queue.tUpdateMs': { label: 'Update interval', unit: MS, hint: 'How often PIE or DualPI2 recomputes its probability from the queue delay.', slider: { scale: 'log', logMin: 1, max: 1000 } },
  '**.queue.alpha': { label: 'α (integral gain)', hint: 'Hz: how much the probability moves per second of delay above target.', slider: { max: 10 } },
  '**.queue.beta': { label: 'β (proportional gain)', hint: 'Hz: how much the probability moves when the delay changes.', slider: { max: 10 } },
  '**.queue.maxBurstMs': { label: 'Burst allowance', unit: MS, hint: 'After a quiet spell PIE lets a burst through for this long before dropping.', slider: { max: 1000 } },
  '**.queue.maxEcnTh': { label: 'Mark up to', hint: 'PIE marks ECN-capable packets only while its probability is at most this; above it drops.', slider: PROBABILITY_SLIDER },
  '**.queue.meanPacketBytes': { label: 'Mean packet size', unit: BYTES, hint: 'PIE never drops early while two such packets or fewer wait.', slider: { scale: 'log', min: 64, max: 100_000 } },
  '**.queue.k': { label: 'Coupling factor k', hint: 'DualPI2 marks L4S packets with k·p′ while Classic packets see p′².', slider: { max: 10 } },
  '**.queue.minThMs': { label: 'L4S threshold', unit: MS, hint: 'L4S packets that waited longer than this start being marked.', slider: { max: 20 } },
  '**.queue.rangeMs': { label: 'L4S ramp', unit: MS, hint: 'Marking rises from 0 to every packet over this much extra delay; 0 = a step.', slider: { max: 20 } },
  '**.queue.thLenPackets': { label: 'L4S min queue', unit: PACKETS, hint: 'The L4S ramp marks only while more packets than this wait in the L4S queue.', slider: { max: 10, step: 1 } },
  '**.queue.tshiftMs': { label: 'Time shift', unit: MS, hint: 'How much waiting time the L4S queue head is credited when the two queues compete for the link.', slider: { max: 200 } },
  '**.queue.thresholdPackets': { label: 'Warning threshold', unit: PACKETS, hint: 'Average queue above which every packet is marked; off = one third of the buffer.', suggest: 30, slider: { max: 1000 } },

  // Error models: each declared with its fields in src/scenario/error-models.ts
  '**.errors': { label: 'Error models', hint: 'Random losses on the wire; with several, a packet is lost if any of them loses it.' },
  ...Object.fromEntries(Object.entries(errorFieldInfo()).map(([field, info]) => [`**.errors[].${field}`, info])),

  // Flows
  'flows[].id': { label: 'Flow name', hint: 'Names the flow in charts and results; must be unique.', suggest: 'flow1' },
  'flows[].variant': { label: 'TCP variant', hint: 'Which congestion control this sender uses.', options: VARIANTS },
  'flows[].startS': { label: 'Start time', unit: S, hint: 'When the flow starts sending.' },
  'flows[].bytes': { label: 'Transfer size', unit: BYTES, hint: 'Bytes to send; off = keep sending until the end (bulk).', suggest: 1_000_000, slider: { scale: 'log', min: 1000 } },
  'flows[].access': { label: 'Access link', hint: 'The flow’s own link from its sender to the first router.' },
  'flows[].tcp': { label: 'TCP settings', hint: 'Sender and receiver options of this flow.' },
  ...tcp('flows[].tcp'),

  // Applications
  'flows[].tokenBucket': { label: 'Token bucket', hint: 'Limits the sender to one segment per token; off = no limit.' },
  'flows[].tokenBucket.tokensPerInterval': { label: 'Tokens per interval', unit: TOKENS, hint: 'Tokens added every interval: the allowed sending rate.', slider: { scale: 'log', max: 10_000 } },
  'flows[].tokenBucket.intervalMs': { label: 'Token interval', unit: MS, hint: 'How often tokens are added.', slider: { scale: 'log', max: 10_000 } },
  'flows[].tokenBucket.depthTokens': { label: 'Bucket depth', unit: TOKENS, hint: 'Most tokens saved up: the largest burst allowed.', slider: { scale: 'log', max: 10_000 } },
  'flows[].playback': { label: 'Playback reader', hint: 'A receiving application that reads at a fixed pace (streaming); off = plain transfer.' },
  'flows[].playback.readBytes': { label: 'Bytes per read', unit: BYTES, hint: 'How much the player consumes each period.', slider: { scale: 'log', max: 1_000_000 } },
  'flows[].playback.periodMs': { label: 'Read period', unit: MS, hint: 'Time between reads; bytes ÷ period is the playback rate.', slider: { scale: 'log', max: 10_000 } },
  'flows[].playback.startDelayMs': { label: 'Startup delay', unit: MS, hint: 'Buffering time before the first read.', slider: { scale: 'log', logMin: 1, max: 60_000 } },

  // Cross traffic
  'cross[].kind': { label: 'Traffic type', hint: 'CBR: steady rate on a schedule. Pareto ON/OFF: bursty UDP sources. FTP: short TCP downloads.' },
  'cross[].id': { label: 'Name', hint: 'Names the traffic source; must be unique.', suggest: 'cross1' },
  'cross[].direction': { label: 'Direction', hint: '"forward" competes with the data; "reverse" loads the ACK path.' },
  'cross[].fromLink': { label: 'First link', hint: 'Index of the first path link it crosses (0 = first hop).', slider: { step: 1 } },
  'cross[].toLink': { label: 'Last link', hint: 'Index of the last path link it crosses; off = the last link.', suggest: 0 },
  'cross[].startS': { label: 'Start time', unit: S, hint: 'When the traffic starts.' },
  'cross[].packetBytes': { label: 'Packet size', unit: BYTES, hint: 'Size of each cross-traffic packet.' },
  'cross[].schedule': { label: 'Rate schedule', hint: 'From each time on, send at that rate (0 = silent).' },
  'cross[].schedule[].atS': { label: 'From time', unit: S, hint: 'When this rate takes effect.', suggest: 0 },
  'cross[].schedule[].rateBps': { label: 'Rate', unit: MBPS, hint: 'Sending rate from that time on; 0 = silent.', suggest: 1e6, slider: { scale: 'log', logMin: 10e3, max: 10e9 } },
  'cross[].sources': { label: 'Sources', hint: 'Independent ON/OFF senders; many together look like real aggregate traffic.', slider: { scale: 'log' } },
  'cross[].shape': { label: 'Pareto shape', hint: 'Smaller = heavier tail: rarer but much longer bursts (1.5 is typical).' },
  'cross[].meanOnMs': { label: 'Mean ON time', unit: MS, hint: 'Average burst length of one source.', slider: { scale: 'log', max: 60_000 } },
  'cross[].meanOffMs': { label: 'Mean OFF time', unit: MS, hint: 'Average silence between bursts.', slider: { scale: 'log', max: 60_000 } },
  'cross[].rateBps': { label: 'Rate while ON', unit: MBPS, hint: 'Sending rate of one source during a burst.', slider: RATE_SLIDER },
  'cross[].generators': { label: 'Session generators', hint: 'Parallel sources of FTP sessions.' },
  'cross[].meanGapS': { label: 'Mean gap', unit: S, hint: 'Average pause between sessions.', slider: { scale: 'log', max: 600 } },
  'cross[].meanDurationS': { label: 'Mean session length', unit: S, hint: 'Average length of one download.', slider: { scale: 'log', max: 600 } },
  'cross[].variant': { label: 'TCP variant', hint: 'Congestion control of the cross-traffic sessions.', options: VARIANTS },
  'cross[].tcp': { label: 'TCP settings', hint: 'Options of the cross-traffic sessions.' },
  ...tcp('cross[].tcp'),
};

/** Section of a field by where it sits; first match wins. */
export const GROUP_RULES: readonly (readonly [RegExp, GroupId])[] = [
  [/^cross\[\]/, 'cross'],
  [/\.errors(\[\]|$)/, 'errors'],
  [/\.queue(\.|$)/, 'queues'],
  [/^flows\[\]\.(tokenBucket|playback)(\.|$)/, 'apps'],
  [/^flows\[\]/, 'flows'],
  [/^path\[\]/, 'path'],
  [/^[A-Za-z]+$/, 'scenario'],
];

/** The rule's group for a pattern, or undefined if no rule covers it (tests check there is none). */
export function groupRule(pattern: string): GroupId | undefined {
  return GROUP_RULES.find(([re]) => re.test(pattern))?.[1];
}

export function groupOf(pattern: string): GroupId {
  return groupRule(pattern) ?? 'scenario';
}

/** The table entry for a pattern: exact key first, then the longest matching `**.` tail. */
export function hintEntry(pattern: string): Entry | undefined {
  const exact = HINTS[pattern];
  if (exact) return exact;
  let best: Entry | undefined;
  let bestLen = -1;
  for (const [key, entry] of Object.entries(HINTS)) {
    if (!key.startsWith('**.')) continue;
    const tail = key.slice(2); // keeps the leading '.', so `**.rateBps` cannot match `xrateBps`
    if ((pattern.endsWith(tail) || pattern === tail.slice(1)) && tail.length > bestLen) {
      best = entry;
      bestLen = tail.length;
    }
  }
  return best;
}

/** The description of a field; a field missing from the table gets its own name and no hint. */
export function hintFor(pattern: string): FieldHint {
  const entry = hintEntry(pattern);
  if (entry) return { ...entry, described: true };
  const name = pattern.split('.').at(-1)?.replace(/\[\]$/, '') ?? pattern;
  return { label: name, hint: '', described: false };
}

/** Pretty-prints a stored value in the field's display unit, e.g. 2e6 b/s → "2 Mb/s". */
export function formatInUnit(value: number, unit: DisplayUnit | undefined): string {
  const shown = unit ? value / unit.factor : value;
  const text = Math.abs(shown) >= 1e6 || (shown !== 0 && Math.abs(shown) < 1e-3) ? shown.toExponential(2).replace(/\.?0+e/, 'e').replace('+', '') : String(Number(shown.toPrecision(6)));
  return unit ? `${text} ${unit.label}` : text;
}
