/**
 * The "Notice …" line under each panel's title, computed from the runs it sits under, so it can
 * never claim what the run contradicts: no queue claim where no queue dropped, no sawtooth without
 * losses, no cut where the variant did not cut, no truth line or verdict where none is drawn.
 * Pure (runs in Node): tests/ui/notices.test.ts checks the sentence chosen for real runs.
 * Each function picks one of a few sentences by what the trace shows; numbers in them are counts
 * from the trace.
 */
import { DROP_CAUSES, type TraceData } from '../../engine/core/trace.ts';
import { PROBE_EVENTS } from '../../engine/tables/probe.ts';
import { WAVE_DECISIONS } from '../../engine/tables/wave.ts';
import { variantLabel } from '../../catalogue/format.ts';
import { congestionEvents, type ReactionEvent } from './congestionEvents.ts';
import { grouped, isCapture } from './captions.ts';

/** What a notice reads of a run: its trace and the engine's per-flow and per-link results. */
export interface NoticeRun {
  trace: TraceData;
  flows: readonly { variant: string; mssBytes: number }[];
  links: readonly { id: string; limitPackets: number; maxQueuePackets: number }[];
}

const QUEUE = new Set([DROP_CAUSES.indexOf('queue-overflow'), DROP_CAUSES.indexOf('red-early'), DROP_CAUSES.indexOf('aqm-drop')]);
const RED = DROP_CAUSES.indexOf('red-early');
const AQM = DROP_CAUSES.indexOf('aqm-drop');
const WIRELESS = new Set([DROP_CAUSES.indexOf('channel-error'), DROP_CAUSES.indexOf('handoff')]);

/**
 * Data-packet drops of the given runs by kind of cause; `link`/`flow` undefined = any, and
 * `ownFlows` leaves out cross traffic (packets of no scenario flow).
 */
export function dataDrops(runs: readonly NoticeRun[], filter: { link?: number; flow?: number; ownFlows?: boolean } = {}): { queue: number; red: number; aqm: number; wireless: number; total: number } {
  const out = { queue: 0, red: 0, aqm: 0, wireless: 0, total: 0 };
  for (const r of runs) {
    const d = r.trace.drop;
    for (let i = 0; i < d.tNs.length; i++) {
      if (d.isAck[i] !== 0) continue;
      if (filter.ownFlows && (d.flow[i] < 0 || d.flow[i] >= r.flows.length)) continue;
      if (filter.link !== undefined && d.link[i] !== filter.link) continue;
      if (filter.flow !== undefined && d.flow[i] !== filter.flow) continue;
      out.total++;
      if (QUEUE.has(d.cause[i])) out.queue++;
      if (d.cause[i] === RED) out.red++;
      if (d.cause[i] === AQM) out.aqm++;
      if (WIRELESS.has(d.cause[i])) out.wireless++;
    }
  }
  return out;
}

/** Times cwnd went down, over every flow of the runs. */
function cwndDecreases(runs: readonly NoticeRun[]): number {
  let n = 0;
  for (const r of runs) {
    const c = r.trace.cwnd;
    const last = new Map<number, number>();
    for (let i = 0; i < c.tNs.length; i++) {
      const prev = last.get(c.flow[i]);
      if (prev !== undefined && c.cwndBytes[i] < prev) n++;
      last.set(c.flow[i], c.cwndBytes[i]);
    }
  }
  return n;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${grouped(n)} ${n === 1 ? one : many}`;

/** Fast retransmits and timeouts of the runs, and how many of them cut the window. */
function reactions(runs: readonly NoticeRun[]): { fr: number; timeouts: number; cuts: number } {
  let fr = 0;
  let timeouts = 0;
  let cuts = 0;
  for (const r of runs)
    for (const e of congestionEvents({ trace: r.trace, flows: r.flows, links: r.links })) {
      if (e.kind !== 'fast-retransmit' && e.kind !== 'timeout') continue;
      if (e.kind === 'fast-retransmit') fr++;
      else timeouts++;
      if (cutWindow(e)) cuts++;
    }
  return { fr, timeouts, cuts };
}

/** Same rule as the captions: a fast retransmit cut if ssthresh fell below the window it had; a timeout if cwnd fell. */
export function cutWindow(e: ReactionEvent): boolean {
  return e.kind === 'timeout' ? e.after.cwndBytes < e.before.cwndBytes : e.after.ssthreshBytes < e.before.cwndBytes;
}

/**
 * Whose knowledge a notice may use: the whole truth, or only the sender's (its own sends, ACKs
 * and reactions). In the sender's view the drop table is empty, and a notice reading it would
 * call every retransmission a false alarm.
 */
export type Seat = 'truth' | 'sender';

export function cwndNotice(runs: readonly NoticeRun[], compare: boolean, seat: Seat = 'truth'): string {
  const { fr, timeouts, cuts } = reactions(runs);
  if (runs.some(isCapture)) return capturedCwndNotice(runs);
  if (seat === 'sender') return senderCwndNotice(runs, fr, timeouts, cuts);
  const drops = dataDrops(runs, { ownFlows: true });
  if (drops.total === 0 && fr + timeouts === 0) {
    const down = cwndDecreases(runs);
    return down === 0
      ? 'Notice: nothing was lost in this run, so nothing made cwnd shrink: without a loss signal it only grows (or holds at a limit).'
      : `Notice: nothing was lost, yet cwnd went down ${plural(down, 'time')}: this variant also reacts to delay, not only to losses.`;
  }
  if (drops.total === 0) return `Notice: no data segment was dropped, yet the sender retransmitted (${plural(fr, 'fast retransmit')}, ${plural(timeouts, 'timeout')}): these were false alarms — delay or lost ACKs, not lost data.`;
  const marks = [fr > 0 ? 'fast retransmit (▲)' : null, timeouts > 0 ? 'timeout (◆)' : null].filter(Boolean).join(' or ');
  if (compare) return `Same path, same seed: the variants meet the same channel. Compare what each does at a ${marks || 'loss'} — who cuts cwnd, and by how much.`;
  const variant = runs[0]?.flows[0]?.variant;
  if (cuts === 0) return `Notice: ${plural(drops.total, 'segment')} lost, yet ${variantLabel(variant ?? '')} never cut its window at a ${marks || 'loss'}.`;
  if (variant === 'tahoe') return 'Notice: at every loss Tahoe drops cwnd to 1 segment, then slow-starts up to ssthresh (dashed).';
  if (drops.queue === 0)
    return `Notice: no queue overflowed — all ${plural(drops.total, 'lost segment')} (×) were lost on the channel. Is cwnd cut anyway? ${cuts} of ${fr + timeouts} reactions cut it.`;
  if (drops.wireless === 0 && drops.aqm === drops.queue) return `Notice the sawtooth: cwnd climbs until the AQM drops a packet because packets waited too long (${plural(drops.aqm, 'drop')}), then falls at a ${marks}.`;
  if (drops.wireless === 0) return `Notice the sawtooth: cwnd climbs until the queue overflows (${plural(drops.queue, 'drop')}), then falls at a ${marks}.`;
  return `Notice: ${grouped(drops.queue)} losses were queue drops and ${grouped(drops.wireless)} channel losses — see whether cwnd falls the same way at both (the event list names each cause).`;
}

/**
 * `limitsPackets`: the buffer limits in force over the run, in order (more than one when a timed
 * change moved it); by default the limit the link was built with.
 */
export function queueNotice(runs: readonly NoticeRun[], link: number, limitsPackets: readonly number[] = [runs[0]?.links[link]?.limitPackets ?? 0]): string {
  const here = dataDrops(runs, { link });
  const anywhere = dataDrops(runs);
  const limit = limitsPackets.map(grouped).join(', then ');
  const peak = Math.max(0, ...runs.map((r) => r.links[link]?.maxQueuePackets ?? 0));
  let marks = 0;
  for (const r of runs) for (let i = 0; i < r.trace.mark.tNs.length; i++) if (r.trace.mark.link[i] === link) marks++;
  const marked = marks > 0 ? ` ${plural(marks, 'packet was', 'packets were')} marked (●) instead of dropped.` : '';
  if (here.queue > 0 && here.aqm === here.queue) {
    // a delay-based AQM's drops: decided on waiting time, far below the buffer's limit
    const drain = reactions(runs).cuts > 0 ? '; watch it drain after each cut' : '';
    return `Notice: the AQM drops (×, ${grouped(here.aqm)} here) on waiting time, not on a full buffer: at most ${grouped(peak)} of ${limit} packets waited${drain}.${marked}`;
  }
  if (here.queue > 0) {
    const early = here.red > 0 ? `, ${grouped(here.red)} of them RED's early drops before it was full` : '';
    const drain = reactions(runs).cuts > 0 ? '; watch it drain after each cut' : '';
    return `Notice: the queue drops (×, ${grouped(here.queue)} here${early}) when it reaches its limit of ${limit} packets${drain}.${marked}`;
  }
  if (anywhere.wireless > 0) return `Notice: this queue never overflowed (at most ${grouped(peak)} of ${limit} packets waiting): the run's ${plural(anywhere.wireless, 'loss', 'losses')} were on the channel, not here.${marked}`;
  return `Notice: nothing was dropped here: the queue peaks at ${grouped(peak)} of its ${limit} packets.${marked}`;
}

/** A captured connection (no network records) beside the runs simulated on its fitted path, if any. */
function capturedCwndNotice(runs: readonly NoticeRun[]): string {
  const captured = reactions(runs.filter(isCapture));
  const signals = [captured.fr > 0 ? `${plural(captured.fr, 'fast retransmit')} (▲)` : null, captured.timeouts > 0 ? `${plural(captured.timeouts, 'timeout')} (◆)` : null].filter(Boolean).join(' and ');
  const beside = runs.some((r) => !isCapture(r)) ? ' Beside it, the run simulated on the fitted path: compare how often and how deep each window falls.' : '';
  const resent = retransmissions(runs.filter(isCapture), 0);
  const seen = signals
    ? `its ${signals} are what the sender saw, not which packets were dropped or why`
    : resent > 0
      ? `it resent ${plural(resent, 'segment')} outside any fast retransmit or timeout`
      : 'the sender never had to retransmit';
  return `Notice: a capture shows the sender's packets and ACKs, not the network: its window is the bytes in flight, and ${seen}.${beside}`;
}

function senderCwndNotice(runs: readonly NoticeRun[], fr: number, timeouts: number, cuts: number): string {
  if (fr + timeouts === 0) {
    const down = cwndDecreases(runs);
    return down === 0
      ? 'Notice: the sender saw no sign of loss — no third duplicate ACK, no timeout — so nothing made it shrink cwnd.'
      : `Notice: the sender saw no sign of loss, yet cwnd went down ${plural(down, 'time')}: this variant also reacts to the delay it measures.`;
  }
  const signals = [fr > 0 ? `${plural(fr, 'third duplicate ACK')} (▲)` : null, timeouts > 0 ? `${plural(timeouts, 'timeout')} (◆)` : null].filter(Boolean).join(' and ');
  return `Notice: the sender sees only its ACKs — here ${signals}. It cannot tell a queue overflow from a channel error or a lost ACK, so each is a loss signal to it (${cuts} of ${fr + timeouts} cut cwnd). Turn the sender's view off to see what really happened.`;
}

/** Segments of one flow the sender sent a second time (what the sender knows of its losses). */
function retransmissions(runs: readonly NoticeRun[], flow: number): number {
  let n = 0;
  for (const r of runs) {
    const s = r.trace.send;
    for (let i = 0; i < s.tNs.length; i++) if (s.flow[i] === flow && s.retransmit[i] === 1) n++;
  }
  return n;
}

export function timeSeqNotice(runs: readonly NoticeRun[], flow: number, seat: Seat = 'truth'): string {
  // a capture holds no drops: what it shows of its losses is its retransmissions, as the sender's view does
  if (runs.some(isCapture)) seat = 'sender';
  if (seat === 'sender')
    return retransmissions(runs, flow) > 0
      ? 'Notice the gaps where the sender retransmitted: the ACK line stalls until the retransmission fills the hole, then jumps — ACKs that stop advancing are all the sender learns of a loss.'
      : 'Notice: the sender never had to retransmit: the segments sent and the ACKs rise together, the ACKs a round trip behind.';
  return dataDrops(runs, { flow }).total > 0
    ? 'Notice the gap after a drop: the ACK line stalls until the retransmission fills the hole, then jumps.'
    : 'Notice: nothing of this flow was lost: the segments sent and the ACKs rise together, the ACKs a round trip behind.';
}

export function wavesNotice(runs: readonly NoticeRun[]): string {
  const DECREASE = WAVE_DECISIONS.indexOf('decrease');
  const TIMEOUT = WAVE_DECISIONS.indexOf('timeout');
  let decreases = 0;
  let timeouts = 0;
  for (const r of runs)
    for (const d of r.trace.wave.decision) {
      if (d === DECREASE) decreases++;
      if (d === TIMEOUT) timeouts++;
    }
  if (decreases + timeouts === 0) return "Notice: the receiver times each wave; every wave here arrived fast enough, so the level only rose or held.";
  return `Notice: the receiver times each wave and sets the next one's size from how fast it arrived — ${plural(decreases, 'decrease')} and ${plural(timeouts, 'wave timeout')} (◆) here.`;
}

const DECISION_WORDS: Record<string, string> = {
  'immediate-recovery': 'immediate recovery',
  'gentle-recovery': 'gentle recovery',
  'reno-recovery': 'Reno recovery',
  'slow-start': 'slow start',
};

export function probeNotice(runs: readonly NoticeRun[]): string {
  const counts = new Map<string, number>();
  let cycles = 0;
  for (const r of runs)
    for (const code of r.trace.probe.event) {
      const ev = PROBE_EVENTS[code];
      if (ev === 'cycle-start') cycles++;
      if (ev in DECISION_WORDS) counts.set(ev, (counts.get(ev) ?? 0) + 1);
    }
  if (cycles === 0) return 'Notice: no loss started a probe cycle in this run.';
  const ends = [...counts].map(([ev, n]) => `${grouped(n)} ${DECISION_WORDS[ev]}`).join(', ');
  return `Notice: after a loss the sender stops sending data and probes the path (${plural(cycles, 'cycle')}); low probe RTTs (below acprtt) mean errors, not congestion. Here: ${ends || 'no cycle finished'}.`;
}

/** `fullAfterBackoffS`: seconds the bucket sat full again (wasting tokens) after the sender's first back-off. */
export function tokenNotice(runs: readonly NoticeRun[], fullAfterBackoffS: number): string {
  const { fr, timeouts } = reactions(runs);
  if (fr + timeouts === 0)
    return 'Notice: nothing made the sender back off; any gap between the bars and the dashed permitted line is allowance the variant did not use.';
  return fullAfterBackoffS > 0
    ? `Notice: while the sender backs off after a loss the bucket fills up (full for ${fullAfterBackoffS.toFixed(1)} s) and tokens arriving then are wasted — the gap between the bars and the dashed permitted line is allowance the variant never used.`
    : 'Notice: the sender backed off after losses, yet the bucket never filled again, so no token was wasted: the gap between the bars and the dashed permitted line is allowance still saved in the bucket.';
}

export function ackRegNotice(runs: readonly NoticeRun[], link: number): string {
  const here = dataDrops(runs, { link });
  const overflow = here.queue - here.red;
  return `Notice: an ACK is let through only when the buffer has room for the data it will bring (queued + expected stays under B), so the sender is clocked by the wireless link — ${overflow === 0 ? 'no overflow at this buffer' : plural(overflow, 'overflow drop')} here.`;
}

/** Only what the panel draws: the truth line where it is drawn, verdict marks where there are any. */
export function estimateNotice(drawn: { truthLine: boolean; verdicts: boolean }): string {
  if (drawn.truthLine && drawn.verdicts)
    return 'Notice how close each estimate stays to the grey truth, and whether the losses it called wireless (blue fill) really were wireless (circles): a right verdict is a mark of one colour.';
  if (drawn.truthLine) return 'Notice how close each bandwidth estimate stays to the grey truth, and how it moves at each loss.';
  if (drawn.verdicts) return 'Notice whether the losses it called wireless (blue fill) really were wireless (circles): a right verdict is a mark of one colour.';
  return 'Notice how each estimate moves over the run; the event list names what happened at each loss.';
}
