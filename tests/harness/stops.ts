/**
 * Where congestion-event stepping must stop, worked out from the raw trace tables without the
 * app's event model (src/ui/events): the sender's fast retransmits, timeouts and recovery exits
 * (table `event`), the ends of a timeout's loss state (table `castate`), and one stop per burst
 * of data drops — the drops before the same next fast retransmit or timeout are one burst.
 * Covers the loss-based variants the browser tests step through (no probe cycles or waves).
 */
import { CA_STATES, FLOW_EVENTS, type TraceData } from '../../src/engine/core/trace.ts';

export interface Stops {
  any: number[];
  /** Burst starts (s) and how many data drops each burst holds. */
  loss: number[];
  burstDrops: number[];
  timeout: number[];
}

export function congestionStops(trace: TraceData, flow = 0): Stops {
  const e = trace.event;
  const reactions: number[] = [];
  const timeout: number[] = [];
  const sender: number[] = [];
  for (let i = 0; i < e.tNs.length; i++) {
    if (e.flow[i] !== flow) continue;
    const kind = FLOW_EVENTS[e.kind[i]];
    sender.push(e.tNs[i]);
    if (kind === 'fast-retransmit' || kind === 'timeout') reactions.push(e.tNs[i]);
    if (kind === 'timeout') timeout.push(e.tNs[i] / 1e9);
  }
  const c = trace.castate;
  for (let i = 0; i < c.tNs.length; i++) if (c.flow[i] === flow && CA_STATES[c.from[i]] === 'loss' && CA_STATES[c.to[i]] === 'open') sender.push(c.tNs[i]);
  const d = trace.drop;
  const loss: number[] = [];
  const burstDrops: number[] = [];
  let burstReaction: number | undefined = Number.NaN;
  for (let i = 0; i < d.tNs.length; i++) {
    if (d.flow[i] !== flow || d.isAck[i] !== 0) continue;
    const next = reactions.find((t) => t >= d.tNs[i]);
    if (next !== burstReaction) {
      loss.push(d.tNs[i] / 1e9);
      burstDrops.push(0);
      burstReaction = next;
    }
    burstDrops[burstDrops.length - 1]++;
  }
  const uniq = (a: number[]): number[] => [...new Set(a)].sort((x, y) => x - y);
  return { any: uniq([...sender.map((t) => t / 1e9), ...loss]), loss, burstDrops, timeout: uniq(timeout) };
}
