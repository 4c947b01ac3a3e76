/** Interactive caps: too many flows are refused, too long a run is shortened, each with a sentence naming the limit. */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.ts';
import { applyCaps, CapError, DEADLINE_BASE_MS, DEFAULT_CAPS, estimatedEvents, eventCapNote, runDeadlineMs, SLOWEST_EVENTS_PER_S } from '../../src/worker/caps.ts';

const caps = { maxDurationS: 600, maxFlows: 4, maxEvents: 1000, maxTraceValues: 8000 };
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

  it('scales the worker deadline with the run: packets the fastest link carries in the capped time, bounded by the event cap', () => {
    const path = (rates: number[]) => rates.map((rateBps) => ({ forward: { rateBps } }));
    const small = { durationS: 10, flows: [{}], path: path([1e6]) } as unknown as Scenario;
    // 1 Mb/s of 100-byte packets = 1250 packets/s, × 6 events per packet-hop × 10 s × 1 hop
    expect(estimatedEvents(small, DEFAULT_CAPS)).toBe(75_000);
    expect(runDeadlineMs(small)).toBe(DEADLINE_BASE_MS + (75_000 / SLOWEST_EVENTS_PER_S) * 1000);
    const huge = { durationS: 3600, flows: [{}], path: path([1e9, 1e6]) } as unknown as Scenario;
    expect(estimatedEvents(huge, DEFAULT_CAPS)).toBe(DEFAULT_CAPS.maxEvents);
    expect(runDeadlineMs(huge)).toBe(DEADLINE_BASE_MS + (DEFAULT_CAPS.maxEvents / SLOWEST_EVENTS_PER_S) * 1000);
    expect(runDeadlineMs(huge)).toBeGreaterThan(runDeadlineMs(small));
  });
});
