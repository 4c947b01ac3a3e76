/**
 * A congestion event in words: cause → signal → reaction → belief vs truth, e.g.
 * `12.310 s · segment 4 211 lost at link "wireless" (channel error) · 3rd duplicate ACK at
 * 12.450 s · NewReno: fast retransmit, ssthresh 24 → 12 segments, cwnd 15 · it cut its window as
 * for congestion; the cause was the channel.`
 * Every number comes from the event record (./congestionEvents.ts), which comes from the trace;
 * where the trace does not say (no drop of the segment, no duplicate ACKs recorded) the caption
 * says so or leaves the part out — it never fills in a number.
 */
import type { DropCause } from '../../engine/core/trace.ts';
import { variantLabel } from '../../catalogue/format.ts';
import type { BbrModeEvent, CongestionEvent, DropFact, LossEvent, ProbeDecisionEvent, ReactionEvent, RunFacts, Window } from './congestionEvents.ts';
import { modeName, PROBE_BW_GAINS } from './bbrModes.ts';

const NS_PER_S = 1e9;

/** Seconds with millisecond resolution: events a few ms apart (the 3rd duplicate ACK) stay apart. */
export const seconds = (tNs: number): string => `${(tNs / NS_PER_S).toFixed(3)} s`;

const GROUP = '\u00a0'; // no-break space: "4 211" never wraps between its groups
/** Integers with grouped thousands, as in "segment 4 211". */
export function grouped(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  const out = s.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
  return n < 0 ? `−${out}` : out;
}

/** A window in segments: whole numbers plain, fractions to one decimal, ∞ for "not set yet". */
export function segments(bytes: number, mssBytes: number): string {
  if (bytes === Number.POSITIVE_INFINITY) return '∞';
  if (!Number.isFinite(bytes)) return '?';
  const v = bytes / mssBytes;
  const rounded = Number(v.toFixed(1));
  return Number.isInteger(rounded) ? grouped(rounded) : rounded.toFixed(1);
}

const ordinal = (n: number): string => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
};

const CAUSE_WORDS: Record<DropCause, string> = {
  'queue-overflow': 'queue overflow',
  'red-early': 'RED early drop',
  'channel-error': 'channel error',
  handoff: 'handoff',
  'reverse-path': 'ACK lost on the way back',
  'aqm-drop': 'AQM drop',
};

/** "bottleneck/fwd" → "bottleneck": the scenario's own name for the hop. */
export const hopName = (id: string): string => id.replace(/\/(fwd|rev)$/, '');
const linkName = (run: RunFacts, link: number): string => hopName(run.links[link]?.id ?? `link ${link}`);

/**
 * A hop in words: `link "bottleneck"` for a named hop; a hop the scenario only calls "link"
 * (or "link2") is "the link" ("link 2"), not `link "link"`.
 */
export function linkPlace(id: string): string {
  const name = hopName(id);
  const generic = /^link ?(\d*)$/i.exec(name);
  if (!generic) return `link "${name}"`;
  return generic[1] ? `link ${generic[1]}` : 'the link';
}

/** Where a drop happened, in words (linkPlace). */
function atLink(run: RunFacts, link: number): string {
  return linkPlace(run.links[link]?.id ?? `link ${link}`);
}

const segmentOf = (run: RunFacts, flow: number, seq: number): string => grouped(seq / (run.flows[flow]?.mssBytes ?? 1));

function dropWords(run: RunFacts, flow: number, d: DropFact): string {
  return `segment ${segmentOf(run, flow, d.seq)} lost at ${atLink(run, d.link)} (${CAUSE_WORDS[d.cause]})`;
}

/** Who acted: "NewReno", or "NewReno, flow 2" when a run has several flows. */
function actor(run: RunFacts, flow: number): string {
  const name = variantLabel(run.flows[flow]?.variant ?? '?');
  return run.flows.length > 1 ? `${name} (flow ${flow + 1})` : name;
}

function windowChange(run: RunFacts, flow: number, before: Window, after: Window): string {
  const mss = run.flows[flow]?.mssBytes ?? 1;
  // "window": the plotted quantity, cwnd without fast-recovery inflation (congestionEvents' Window)
  const ss =
    before.ssthreshBytes === after.ssthreshBytes
      ? `ssthresh unchanged at ${segments(after.ssthreshBytes, mss)} segments`
      : `ssthresh ${segments(before.ssthreshBytes, mss)} → ${segments(after.ssthreshBytes, mss)} segments`;
  const w = before.cwndBytes === after.cwndBytes ? `window unchanged at ${segments(after.cwndBytes, mss)}` : `window ${segments(before.cwndBytes, mss)} → ${segments(after.cwndBytes, mss)}`;
  return `${ss}, ${w}`;
}

/**
 * Belief (what the sender did or, for a classifying variant, said) against the drop's cause. A
 * fast retransmit "cut" if the new ssthresh is below the window it had (cwnd itself is inflated
 * by the duplicates during recovery); a timeout if cwnd fell.
 */
function beliefVsTruth(e: ReactionEvent, seg: string): string {
  const cut = e.kind === 'timeout' ? e.after.cwndBytes < e.before.cwndBytes : e.after.ssthreshBytes < e.before.cwndBytes;
  const belief = e.verdict
    ? `it judged the loss ${e.verdict === 'congestion' ? 'congestion' : 'a wireless error'}`
    : cut
      ? 'it cut its window as for congestion'
      : 'it did not cut its window';
  const verdictRight = (truth: 'congestion' | 'wireless'): string => (e.verdict ? (e.verdict === truth ? ' Right.' : ' Wrong.') : '');
  if (e.truth === 'congestion') return `${belief}; the cause was congestion (${CAUSE_WORDS[e.cause!.cause]}).${verdictRight('congestion')}`;
  if (e.truth === 'wireless') return `${belief}; the cause was the channel (${CAUSE_WORDS[e.cause!.cause]}).${verdictRight('wireless')}`;
  return `${belief}; segment ${seg} was never dropped: a spurious retransmission.`;
}

/**
 * A captured connection (src/ui/traces) is the one run with no network records: no links, so no
 * drops and no causes to tell; its ssthresh is not on the wire, its window is the bytes in flight.
 */
export const isCapture = (run: Pick<RunFacts, 'links'>): boolean => run.links.length === 0;

/** Led by the event's own time (where stepping stops); the drop that caused it keeps its own. */
function reactionCaption(run: RunFacts, e: ReactionEvent): string {
  const seg = segmentOf(run, e.flow, e.sndUna);
  if (isCapture(run)) return capturedReaction(run, e, seg);
  const cause = e.cause ? `${dropWords(run, e.flow, e.cause)} at ${seconds(e.cause.tNs)}` : `segment ${seg} was not dropped`;
  let signal: string;
  if (e.kind === 'fast-retransmit') signal = e.dupAcks > 0 ? `${ordinal(e.dupAcks)} duplicate ACK` : 'duplicate ACKs';
  else signal = e.lastAdvanceNs !== null ? `no new ACK for ${((e.tNs - e.lastAdvanceNs) / NS_PER_S).toFixed(3)} s: retransmission timeout` : 'nothing acknowledged yet: retransmission timeout';
  const what = e.kind === 'fast-retransmit' ? `fast retransmit of segment ${seg}` : `retransmits segment ${seg}`;
  return `${seconds(e.tNs)} · ${cause} · ${signal} · ${actor(run, e.flow)}: ${what}, ${windowChange(run, e.flow, e.before, e.after)} · ${beliefVsTruth(e, seg)}`;
}

function capturedReaction(run: RunFacts, e: ReactionEvent, seg: string): string {
  const mss = run.flows[e.flow]?.mssBytes ?? 1;
  const signal =
    e.kind === 'fast-retransmit'
      ? e.dupAcks > 0 ? `${ordinal(e.dupAcks)} duplicate ACK` : 'duplicate ACKs or SACKs'
      : e.lastAdvanceNs !== null ? `no new ACK for ${((e.tNs - e.lastAdvanceNs) / NS_PER_S).toFixed(3)} s` : 'nothing acknowledged yet';
  const what = e.kind === 'fast-retransmit' ? `fast retransmit of segment ${seg}` : `retransmission timeout, segment ${seg} sent again`;
  const w = `bytes in flight ${segments(e.before.cwndBytes, mss)} → ${segments(e.after.cwndBytes, mss)} segments`;
  return `${seconds(e.tNs)} · ${signal} · ${actor(run, e.flow)}: ${what}, ${w} · a capture at one end cannot tell where or why the segment was lost.`;
}

function lossCaption(run: RunFacts, e: LossEvent): string {
  const causes = Object.entries(e.byCause)
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => (Object.keys(e.byCause).length > 1 ? `${n} ${CAUSE_WORDS[c as DropCause]}` : CAUSE_WORDS[c as DropCause]))
    .join(', ');
  const where = e.links.length === 1 ? atLink(run, e.links[0]) : `links ${e.links.map((l) => `"${linkName(run, l)}"`).join(' and ')}`;
  const what =
    e.drops === 1
      ? `segment ${segmentOf(run, e.flow, e.first.seq)} lost at ${where} (${causes})`
      : `${run.decimated ? 'at least ' : ''}${grouped(e.drops)} segments lost at ${where} in ${((e.lastNs - e.tNs) / NS_PER_S).toFixed(3)} s (${causes}), the first segment ${segmentOf(run, e.flow, e.first.seq)}`;
  const next =
    e.reactionNs === null
      ? 'no reaction before the run ended'
      : `${actor(run, e.flow)} ${e.reactionKind === 'timeout' ? 'times out' : 'fast-retransmits'} at ${seconds(e.reactionNs)}`;
  return `${seconds(e.tNs)} · ${what} · ${next}.`;
}

const PROBE_DECISION_WORDS: Record<string, string> = {
  'immediate-recovery': 'immediate recovery (probe RTTs low: errors, not congestion)',
  'gentle-recovery': 'gentle recovery (a smaller cut)',
  'reno-recovery': 'Reno recovery (a probe RTT was high: congestion)',
  'slow-start': 'slow start (probe RTTs high: congestion)',
};

const ms = (ns: number): string => (ns < 0 ? '?' : `${(ns / 1e6).toFixed(1)} ms`);

function probeDecisionCaption(run: RunFacts, e: ProbeDecisionEvent): string {
  const mss = run.flows[e.flow]?.mssBytes ?? 1;
  const rtts = `probe RTTs ${ms(e.rtt1Ns)} and ${ms(e.rtt2Ns)}, acprtt ${ms(e.acprttNs)} (best ${ms(e.bestNs)}, worst ${ms(e.worstNs)})`;
  return `${seconds(e.tNs)} · ${actor(run, e.flow)}: probe cycle ${e.id} done after ${((e.tNs - e.startNs) / NS_PER_S).toFixed(3)} s · ${rtts} · ${PROBE_DECISION_WORDS[e.decision]}: cwnd ${segments(e.before.cwndBytes, mss)} → ${segments(e.cwndBytes, mss)} segments.`;
}

/** BBR v1's fixed PROBE_RTT rule (Linux bbr_probe_rtt_mode_ms, bbr_cwnd_min_target). */
const PROBE_RTT_MS = 200;
const PROBE_RTT_CWND_SEGMENTS = 4;

function bbrModeCaption(run: RunFacts, e: BbrModeEvent): string {
  const c = e.change;
  const model = `BtlBw ${(c.btlBwBps / 1e6).toFixed(2)} Mb/s, min RTT ${c.minRttMs.toFixed(1)} ms`;
  const gains = `pacing gain ${c.pacingGain.toFixed(2)}, cwnd gain ${c.cwndGain.toFixed(2)}`;
  let what: string;
  switch (modeName(c.mode)) {
    case 'STARTUP':
      what = `doubles its sending rate each round to find the bottleneck (${gains})`;
      break;
    case 'DRAIN':
      what = `BtlBw grew less than 25 % in 3 rounds: the pipe is full, and it drains the queue STARTUP built (${gains})`;
      break;
    case 'PROBE_BW':
      what = `${c.from === 3 ? 'min RTT refreshed; back to' : 'queue drained;'} cycling its pacing gain ${PROBE_BW_GAINS.slice(0, 3).join(', ')}… over eight rounds, now phase ${c.phase} (${gains})`;
      break;
    case 'PROBE_RTT':
      what = `no lower RTT seen for 10 s: cwnd ${PROBE_RTT_CWND_SEGMENTS} for ${PROBE_RTT_MS} ms to let the queue empty and measure the propagation delay`;
      break;
    default:
      what = gains;
  }
  return `${seconds(e.tNs)} · ${actor(run, e.flow)} enters ${modeName(c.mode)} from ${modeName(c.from)}: ${what} · ${model}.`;
}

/** The caption of one event. */
export function caption(run: RunFacts, e: CongestionEvent): string {
  const mss = run.flows[e.flow]?.mssBytes ?? 1;
  switch (e.kind) {
    case 'loss':
      return lossCaption(run, e);
    case 'fast-retransmit':
    case 'timeout':
      return reactionCaption(run, e);
    case 'recovery-end':
      return `${seconds(e.tNs)} · ${actor(run, e.flow)}: ${e.from === 'cwr' ? 'window reduction' : e.from === 'loss' ? 'loss recovery' : 'recovery'} over after ${((e.tNs - e.startNs) / NS_PER_S).toFixed(3)} s, everything up to segment ${segmentOf(run, e.flow, e.sndUna)} acknowledged · window ${segments(e.after.cwndBytes, mss)}, ssthresh ${segments(e.after.ssthreshBytes, mss)} segments.`;
    case 'cwr':
      return `${seconds(e.tNs)} · a queue marked a packet (ECN) and the receiver echoed it · ${actor(run, e.flow)}: ${windowChange(run, e.flow, e.before, e.after)}, nothing retransmitted.`;
    case 'probe-cycle':
      return `${seconds(e.tNs)} · ${actor(run, e.flow)}: loss signalled at segment ${segmentOf(run, e.flow, e.sndUna)} · it stops sending data and probes the path (cycle ${e.id}).`;
    case 'probe-decision':
      return probeDecisionCaption(run, e);
    case 'wave':
      return e.decision === 'timeout'
        ? `${seconds(e.tNs)} · ${actor(run, e.flow)}: the receiver timed out waiting for wave ${e.wave} (level ${e.level}) · threshold level ${e.thresholdLevel}.`
        : `${seconds(e.tNs)} · ${actor(run, e.flow)}: wave ${e.wave} (level ${e.level}) arrived at ${Math.round(e.ratio * 100)} % of the previous wave's rate · next wave level ${e.level} → ${e.nextLevel}, threshold ${e.thresholdLevel}.`;
    case 'bbr-mode':
      return bbrModeCaption(run, e);
  }
}

/** Short names for the event list and its filters. */
export const KIND_LABELS: Record<CongestionEvent['kind'], string> = {
  loss: 'loss',
  'fast-retransmit': 'fast retransmit',
  timeout: 'timeout',
  'recovery-end': 'recovery over',
  cwr: 'ECN cut',
  'probe-cycle': 'probe cycle',
  'probe-decision': 'probe decision',
  wave: 'wave decision',
  'bbr-mode': 'BBR mode',
};
