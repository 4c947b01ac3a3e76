/**
 * Limits on what one interactive run may cost, so a scenario typed into a slider or pasted
 * into a link cannot freeze the page or exhaust memory: runs longer than `maxDurationS` are
 * simulated up to the cap, scenarios with more than `maxFlows` flows are refused, and a run
 * that reaches `maxEvents` stops there. Each outcome carries a sentence a student can act on.
 */
import type { Scenario } from '../scenario/schema.ts';

export interface Caps {
  /** Simulated seconds; longer scenarios run to this time and say so. */
  maxDurationS: number;
  /** More flows than this are refused before running. */
  maxFlows: number;
  /** Engine events; the run stops when it reaches this many (20–40 bytes of trace each in the presets). */
  maxEvents: number;
  /**
   * Trace values (8 bytes each) the worker may hold: the memory guard. A run stops cleanly when
   * its trace reaches this, since the trace is copied again when finished, decimated and posted,
   * and a worker out of memory takes the whole tab down with it.
   */
  maxTraceValues: number;
}

/**
 * Trace values allowed per capped event: 8 (64 bytes) an event, about twice what the presets
 * record (2–5 values an event, measured over every preset): only a pathologically trace-heavy
 * run meets this guard before the event cap.
 */
const TRACE_VALUES_PER_EVENT = 8;

export const DEFAULT_CAPS: Caps = Object.freeze({
  maxDurationS: 600,
  maxFlows: 16,
  maxEvents: 4_000_000,
  maxTraceValues: 4_000_000 * TRACE_VALUES_PER_EVENT,
});

export class CapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CapError';
  }
}

export type CapPlan = { scenario: Scenario; note: string | null };

/** The scenario as it will be run (possibly shortened), or a CapError for what cannot be run at all. */
export function applyCaps(scenario: Scenario, caps: Caps): CapPlan {
  if (scenario.flows.length > caps.maxFlows) {
    throw new CapError(
      `This scenario has ${scenario.flows.length} flows; the browser runs at most ${caps.maxFlows}. Remove flows or use the command line (npm run sim).`,
    );
  }
  if (scenario.durationS > caps.maxDurationS) {
    return {
      scenario: { ...scenario, durationS: caps.maxDurationS },
      note: `Shown up to ${caps.maxDurationS} s of ${scenario.durationS} s: the browser stops runs at ${caps.maxDurationS} s (the command line has no such limit).`,
    };
  }
  return { scenario, note: null };
}

export function eventCapNote(caps: Caps, simTimeS: number): string {
  return `Stopped at ${caps.maxEvents.toLocaleString('en-US')} events (t = ${simTimeS.toFixed(1)} s): the run is incomplete and is drawn up to there. Shorten the scenario or lower the rates.`;
}

export function traceCapNote(caps: Caps, simTimeS: number): string {
  const mb = Math.round((caps.maxTraceValues * 8) / 1e6);
  return `Stopped at t = ${simTimeS.toFixed(1)} s: its trace reached ${mb} MB, the most the browser keeps for one run, so the run is incomplete and is drawn up to there. Shorten the scenario or lower the rates.`;
}

/** Wall time allowed for any run before its worker is given up on, whatever its size. */
export const DEADLINE_BASE_MS = 20_000;
/**
 * Engine speed the deadline assumes: some 50 times slower than measured (12 M events/s), so a
 * busy laptop or a throttled background tab never reaches it while a run is still progressing.
 */
export const SLOWEST_EVENTS_PER_S = 200_000;
/** Engine events per packet crossing one link, generously (enqueue, serialise, deliver, its ACK). */
const EVENTS_PER_PACKET_HOP = 6;

/**
 * An upper estimate of a run's engine events: the packets the fastest forward link could carry
 * in the simulated time at the smallest segment, times the hops; never more than the event cap.
 */
export function estimatedEvents(scenario: Scenario, caps: Caps = DEFAULT_CAPS): number {
  const durationS = Math.min(scenario.durationS, caps.maxDurationS);
  const fastestBps = Math.max(0, ...scenario.path.map((l) => l.forward.rateBps));
  const packetsPerS = fastestBps / (8 * 100); // 100 B: the smallest MSS the schema allows
  return Math.min(caps.maxEvents, Math.ceil(durationS * packetsPerS * EVENTS_PER_PACKET_HOP * scenario.path.length));
}

/** How long the main thread waits for a run before it declares its worker dead: scaled to the run's size. */
export function runDeadlineMs(scenario: Scenario, caps: Caps = DEFAULT_CAPS): number {
  return DEADLINE_BASE_MS + (estimatedEvents(scenario, caps) / SLOWEST_EVENTS_PER_S) * 1000;
}
