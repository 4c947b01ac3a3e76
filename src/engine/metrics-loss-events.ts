/**
 * Loss events as the 3G paper (Chan & Ramjee, MobiCom 2002, §4) counts them: a buffer overflow
 * costs a flow one, two, or three or more packets of one window, and p1, p2, p3 are the shares
 * of loss events with one, two, and three or more losses (p1 + p2 + p3 = 1).
 *
 * Grouping (ours — the paper infers p1…p3 from ns-2 traces without saying how it cut them):
 * congestion drops (`queue-overflow`, `red-early`) of one flow's data segments, in time order;
 * an event opens at the first drop not yet in an event and takes every further drop of that
 * flow within `windowNs` (one round-trip time) of the opening drop. Drops of ACKs and wireless
 * losses are not congestion events and are left out.
 */
import { DROP_CAUSES, type TraceTable } from './core/trace.ts';

export interface LossEventStats {
  /** Number of loss events. */
  events: number;
  /** Congestion drops counted (the sum of all events' sizes). */
  drops: number;
  /** Shares of events with 1, 2 and ≥ 3 drops; 0 when there are no events. */
  p1: number;
  p2: number;
  p3: number;
  /** Drops in each event, in time order. */
  sizes: number[];
}

export interface LossEventOptions {
  /** Flow index whose drops are grouped. */
  flow: number;
  /** A drop belongs to the open event if it comes at most this long after the event's first drop. */
  windowNs: number;
  /** Only drops at these link indices; absent = every link. */
  links?: readonly number[];
}

const CONGESTION_CODES = new Set([DROP_CAUSES.indexOf('queue-overflow'), DROP_CAUSES.indexOf('red-early'), DROP_CAUSES.indexOf('aqm-drop')]);

/** Groups one flow's congestion drops from the `drop` trace table into loss events. */
export function lossEvents(drops: TraceTable<'drop'>, opts: LossEventOptions): LossEventStats {
  if (!(opts.windowNs >= 0)) throw new Error(`lossEvents: windowNs must be ≥ 0, got ${opts.windowNs}`);
  const sizes: number[] = [];
  let openedNs = Number.NEGATIVE_INFINITY;
  let lastNs = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < drops.tNs.length; i++) {
    if (drops.flow[i] !== opts.flow || drops.isAck[i] !== 0 || !CONGESTION_CODES.has(drops.cause[i])) continue;
    if (opts.links !== undefined && !opts.links.includes(drops.link[i])) continue;
    const t = drops.tNs[i];
    // The trace is written in simulation order; a table out of order would silently mis-group.
    if (t < lastNs) throw new Error('lossEvents: drop table is not in time order');
    lastNs = t;
    if (sizes.length > 0 && t - openedNs <= opts.windowNs) sizes[sizes.length - 1]++;
    else {
      sizes.push(1);
      openedNs = t;
    }
  }
  const events = sizes.length;
  const share = (pred: (n: number) => boolean): number => (events === 0 ? 0 : sizes.filter(pred).length / events);
  return {
    events,
    drops: sizes.reduce((a, b) => a + b, 0),
    p1: share((n) => n === 1),
    p2: share((n) => n === 2),
    p3: share((n) => n >= 3),
    sizes,
  };
}
