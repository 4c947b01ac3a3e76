/**
 * Random scenarios covering every path element (error models, RED/CW queues, variable links,
 * cross traffic, token buckets, playback) and every variant × recovery: the property tests and
 * the trace-fingerprint command draw from the same generator.
 */
import fc from 'fast-check';
import { RECOVERY_ALGORITHMS } from '../../src/catalogue/variants.ts';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { ScenarioSchema, type Scenario } from '../../src/scenario/schema.ts';

const errorArb = fc.oneof(
  fc.record({ kind: fc.constant('bernoulli' as const), per: fc.double({ min: 0, max: 0.08, noNaN: true }) }),
  fc.record({
    kind: fc.constant('gilbert-elliott' as const),
    meanGoodS: fc.double({ min: 0.05, max: 3, noNaN: true }),
    meanBadS: fc.double({ min: 0.01, max: 1, noNaN: true }),
    perGood: fc.double({ min: 0, max: 0.02, noNaN: true }),
    perBad: fc.double({ min: 0, max: 1, noNaN: true }),
    badState: fc.constantFrom('bad' as const, 'off' as const),
    startState: fc.constantFrom('good' as const, 'bad' as const),
  }),
  fc.record({
    kind: fc.constant('blackout' as const),
    atS: fc.double({ min: 0, max: 4, noNaN: true }),
    durationS: fc.double({ min: 0.01, max: 2, noNaN: true }),
    per: fc.double({ min: 0.5, max: 1, noNaN: true }),
  }),
);

const queueArb = fc.oneof(
  fc.record({ kind: fc.constant('droptail' as const), limitPackets: fc.integer({ min: 1, max: 80 }) }),
  fc.record({
    kind: fc.constant('red' as const),
    limitPackets: fc.integer({ min: 20, max: 80 }),
    minThPackets: fc.integer({ min: 1, max: 5 }),
    maxThPackets: fc.integer({ min: 6, max: 18 }),
    maxP: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
    weight: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
    ecn: fc.boolean(),
    gentle: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('cw' as const),
    limitPackets: fc.integer({ min: 3, max: 80 }),
    thresholdPackets: fc.option(fc.integer({ min: 0, max: 20 }), { nil: null }),
    weight: fc.double({ min: 0.001, max: 0.5, noNaN: true }),
  }),
);

const linkArb = (id: string) =>
  fc.record({
    id: fc.constant(id),
    forward: fc.integer({ min: 200_000, max: 20_000_000 }).chain((rateBps) =>
      fc.record({
        rateBps: fc.constant(rateBps),
        delayMs: fc.integer({ min: 0, max: 80 }),
        queue: queueArb,
        errors: fc.array(errorArb, { maxLength: 2 }),
        // Up to half the largest standard deviation the schema allows (rate/√3).
        rateSdBps: fc.oneof(fc.constant(0), fc.double({ min: 0, max: rateBps / Math.sqrt(3) / 2, noNaN: true })),
        rateSlotMs: fc.option(fc.double({ min: 0.5, max: 100, noNaN: true }), { nil: null }),
        extraDelayMeanMs: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 30, noNaN: true })),
      }),
    ),
    reverse: fc.option(
      fc.record({
        rateBps: fc.integer({ min: 100_000, max: 20_000_000 }),
        rateSdBps: fc.constant(0),
        errors: fc.array(errorArb, { maxLength: 1 }),
      }),
      { nil: undefined },
    ),
  });

const crossArb = (hops: number, k: number) => {
  const common = {
    id: fc.constant(`x${k}`),
    direction: fc.constantFrom('forward' as const, 'reverse' as const),
    fromLink: fc.constant(0),
    toLink: fc.integer({ min: 0, max: hops - 1 }),
    startS: fc.double({ min: 0, max: 2, noNaN: true }),
  };
  return fc.oneof(
    fc.record({
      ...common,
      kind: fc.constant('cbr' as const),
      packetBytes: fc.integer({ min: 40, max: 1500 }),
      schedule: fc.array(fc.record({ atS: fc.double({ min: 0, max: 5, noNaN: true }), rateBps: fc.integer({ min: 0, max: 2_000_000 }) }), { minLength: 1, maxLength: 3 }).map((steps) =>
        // Strictly increasing step times, as a schedule must be.
        steps.sort((a, b) => a.atS - b.atS).filter((st, i, arr) => i === 0 || st.atS > arr[i - 1].atS + 1e-6),
      ),
    }),
    fc.record({
      ...common,
      kind: fc.constant('pareto-onoff' as const),
      sources: fc.integer({ min: 1, max: 5 }),
      shape: fc.double({ min: 1.2, max: 3, noNaN: true }),
      meanOnMs: fc.double({ min: 10, max: 300, noNaN: true }),
      meanOffMs: fc.double({ min: 10, max: 300, noNaN: true }),
      rateBps: fc.integer({ min: 10_000, max: 500_000 }),
      packetBytes: fc.integer({ min: 40, max: 1500 }),
    }),
    fc.record({
      ...common,
      kind: fc.constant('ftp' as const),
      generators: fc.integer({ min: 1, max: 2 }),
      meanGapS: fc.double({ min: 0.2, max: 2, noNaN: true }),
      meanDurationS: fc.double({ min: 0.1, max: 2, noNaN: true }),
      variant: fc.constantFrom(...variantNames()),
    }),
  );
};

export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    hops: fc.integer({ min: 1, max: 3 }),
    flows: fc.integer({ min: 1, max: 3 }),
    crossCount: fc.integer({ min: 0, max: 2 }),
    seed: fc.integer({ min: 0, max: 1000 }),
  })
  .chain(({ hops, flows, crossCount, seed }) =>
    fc.record({
      version: fc.constant(4 as const),
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
              // Every variant with every recovery (TCP-Probing's device replaces the choice).
              recovery: fc.constantFrom('auto' as const, ...RECOVERY_ALGORITHMS),
              limitedTransmit: fc.boolean(),
              timestamps: fc.boolean(),
              delayedAck: fc.boolean(),
              minRtoMs: fc.constantFrom(200, 1000),
              ecn: fc.boolean(),
            }),
            tokenBucket: fc.option(
              fc.record({
                tokensPerInterval: fc.integer({ min: 1, max: 40 }),
                intervalMs: fc.double({ min: 1, max: 100, noNaN: true }),
                depthTokens: fc.integer({ min: 1, max: 40 }),
              }),
              { nil: null },
            ),
            playback: fc.option(
              fc.record({
                readBytes: fc.integer({ min: 100, max: 20_000 }),
                periodMs: fc.double({ min: 5, max: 200, noNaN: true }),
                startDelayMs: fc.double({ min: 0, max: 500, noNaN: true }),
              }),
              { nil: null },
            ),
          }),
        ),
      ),
      cross: fc.tuple(...Array.from({ length: crossCount }, (_, k) => crossArb(hops, k))),
    }),
  )
  .map((input) => ScenarioSchema.parse(input));
