/**
 * Limits on what one interactive run may cost, so a scenario typed into a slider or pasted
 * into a link cannot freeze the page or exhaust memory: runs longer than `maxDurationS` are
 * simulated up to the cap, scenarios with more than `maxFlows` flows are refused, and a run
 * that reaches `maxEvents` stops there. Each outcome carries a sentence a student can act on.
 */
import type { Scenario } from '../scenarios/schema.ts';

export interface Caps {
  /** Simulated seconds; longer scenarios run to this time and say so. */
  maxDurationS: number;
  /** More flows than this are refused before running. */
  maxFlows: number;
  /** Engine events; the run stops when it reaches this many (≈ 120 bytes of trace each). */
  maxEvents: number;
}

export const DEFAULT_CAPS: Caps = Object.freeze({ maxDurationS: 600, maxFlows: 16, maxEvents: 4_000_000 });

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
  return `Stopped at ${caps.maxEvents.toLocaleString('en-US')} events (t = ${simTimeS.toFixed(1)} s): the run is incomplete. Shorten the scenario or lower the rates.`;
}
