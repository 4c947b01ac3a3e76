/**
 * Which panels draw a captured connection. The sender's panels (window, estimates — RTT, receive
 * window, goodput —, time–sequence) and the events read the columns a capture fills; the panels
 * about the network read what a capture at one end cannot see (queues, links, the path, the
 * channel) and draw only the simulated runs beside it, saying why the capture is not there.
 */
import type { RunSet } from '../state/runSet.ts';
import { isCaptured } from './capturedKey.ts';

/** Why a panel leaves the captured run out. */
export const NOT_FOR_CAPTURES: Readonly<Record<string, string>> = {
  queue: 'a capture at one end of the connection records no queue',
  path: 'a capture records packets at one point, not the links, queues and channel they crossed',
  metrics: 'a capture has no links, drops or application to count; its own measures are in the difference summary',
  rates: 'it compares two flows, and a capture is one connection',
};

export interface PanelPart {
  /** The runs the panel draws; null when it has none (the capture alone). */
  set: RunSet | null;
  /** Why the captured run is not drawn, for a panel that leaves it out. */
  note: string | null;
}

const cache = new WeakMap<RunSet, Map<string, PanelPart>>();

/** The part of `set` panel `id` draws, the same object for the same set (panels redraw when it changes). */
export function panelPart(id: string, set: RunSet): PanelPart {
  const why = NOT_FOR_CAPTURES[id];
  const captured = set.runs.find(isCaptured);
  if (!why || !captured) return { set, note: null };
  let byId = cache.get(set);
  if (!byId) cache.set(set, (byId = new Map()));
  let part = byId.get(id);
  if (!part) {
    const runs = set.runs.filter((r) => !isCaptured(r));
    const note = `${captured.label} is not drawn here: ${why}.`;
    part = runs.length === 0 ? { set: null, note } : { set: { ...set, runs, order: set.order.filter((k) => k !== captured.key) }, note };
    byId.set(id, part);
  }
  return part;
}
