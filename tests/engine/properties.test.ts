/**
 * Property tests: random scenarios (fast-check) must satisfy every invariant, and the same
 * scenario with the same seed must produce a byte-identical trace.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { ScenarioSchema, type Scenario } from '../../src/scenarios/schema.ts';
import { checkedRun, violations } from '../harness/invariants.ts';

const linkArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    forward: fc.record({
      rateBps: fc.integer({ min: 200_000, max: 20_000_000 }),
      delayMs: fc.integer({ min: 0, max: 80 }),
      queue: fc.record({ limitPackets: fc.integer({ min: 1, max: 80 }) }),
      loss: fc.oneof(fc.constant({ kind: 'none' as const }), fc.record({ kind: fc.constant('bernoulli' as const), per: fc.double({ min: 0, max: 0.08, noNaN: true }) })),
    }),
    reverse: fc.option(
      fc.record({
        rateBps: fc.integer({ min: 100_000, max: 20_000_000 }),
        loss: fc.oneof(fc.constant({ kind: 'none' as const }), fc.record({ kind: fc.constant('bernoulli' as const), per: fc.double({ min: 0, max: 0.05, noNaN: true }) })),
      }),
      { nil: undefined },
    ),
  });

const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    hops: fc.integer({ min: 1, max: 3 }),
    flows: fc.integer({ min: 1, max: 3 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .chain(({ hops, flows, seed }) =>
    fc.record({
      version: fc.constant(1 as const),
      durationS: fc.double({ min: 0.5, max: 6, noNaN: true }),
      seed: fc.constant(seed),
      path: fc.tuple(...Array.from({ length: hops }, (_, i) => linkArb(`hop${i}`))),
      flows: fc.tuple(
        ...Array.from({ length: flows }, (_, i) =>
          fc.record({
            id: fc.constant(`f${i}`),
            variant: fc.constantFrom(...variantNames()),
            startS: fc.double({ min: 0, max: 1, noNaN: true }),
            bytes: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 400_000 })),
            access: linkArb(`access${i}`),
            tcp: fc.record({
              mssBytes: fc.constantFrom(536, 1000, 1460),
              initialCwndSegments: fc.integer({ min: 1, max: 10 }),
              rwndSegments: fc.integer({ min: 2, max: 200 }),
              sack: fc.boolean(),
              timestamps: fc.boolean(),
              delayedAck: fc.boolean(),
              minRtoMs: fc.constantFrom(200, 1000),
            }),
          }),
        ),
      ),
    }),
  )
  .map((input) => ScenarioSchema.parse(input));

describe('random scenarios', () => {
  it('keep every invariant (bytes once and in order, packets conserved, cwnd ≥ 1 MSS, finite numbers)', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const v = violations(checkedRun(s));
        expect(v).toEqual([]);
      }),
      { numRuns: 250, seed: 20261122 },
    );
  });

  it('give an identical trace hash for the same scenario and seed, run twice', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(checkedRun(s).hash).toBe(checkedRun(s).hash);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('finish a finite transfer on a clean path and deliver exactly its bytes', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const clean: Scenario = {
          ...s,
          durationS: 120,
          path: s.path.map((l) => ({ ...l, forward: { ...l.forward, loss: { kind: 'none' } }, reverse: { ...l.reverse, loss: { kind: 'none' } } })),
          flows: s.flows.map((f) => ({
            ...f,
            bytes: f.bytes ?? 50_000,
            access: { ...f.access, forward: { ...f.access.forward, loss: { kind: 'none' } }, reverse: { ...f.access.reverse, loss: { kind: 'none' } } },
          })),
        };
        const run = checkedRun(clean);
        expect(violations(run)).toEqual([]);
        run.result.flows.forEach((f, i) => {
          expect(f.bytesDelivered).toBe(clean.flows[i].bytes);
          expect(f.completionTimeS).not.toBeNull();
        });
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});
