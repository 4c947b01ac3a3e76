/** Interactive caps: too many flows are refused, too long a run is shortened, each with a sentence naming the limit. */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenarios/schema.ts';
import { applyCaps, CapError, eventCapNote } from '../../src/worker/caps.ts';

const caps = { maxDurationS: 600, maxFlows: 4, maxEvents: 1000 };
const scenario = (durationS: number, flows: number): Scenario => ({ durationS, flows: Array.from({ length: flows }, () => ({})) }) as unknown as Scenario;

describe('worker caps', () => {
  it('passes a scenario within the caps unchanged', () => {
    const s = scenario(100, 2);
    expect(applyCaps(s, caps)).toEqual({ scenario: s, note: null });
  });

  it('shortens a long scenario to the duration cap and says so', () => {
    const plan = applyCaps(scenario(3600, 1), caps);
    expect(plan.scenario.durationS).toBe(600);
    expect(plan.note).toMatch(/600 s of 3600 s/);
  });

  it('refuses more flows than the cap', () => {
    expect(() => applyCaps(scenario(10, 5), caps)).toThrow(CapError);
    expect(() => applyCaps(scenario(10, 5), caps)).toThrow(/5 flows; the browser runs at most 4/);
  });

  it('words the event cap with the time reached', () => {
    expect(eventCapNote(caps, 12.34)).toMatch(/1,000 events \(t = 12.3 s\)/);
  });
});
