/**
 * The scenario format: plain JSON, versioned, validated by zod with defaults filled in.
 * Documented in docs/scenario.md (keep the tables there in step with this file; a test checks
 * that every field appears). Every range here is the range the UI sliders and the CLI's `--set`
 * accept; messages naming the field, the value and the range come from ./validate.ts.
 *
 * Every object is strict: a misspelled key is an error rather than a silently ignored setting.
 */
import { z } from 'zod';
import { variantNames } from '../engine/tcp/cc/registry.ts';

export const SCENARIO_VERSION = 1;

// No .min(1): the pattern already rejects "", and one message for it is enough.
const idSchema = z
  .string()
  .max(64)
  // validate.ts puts the offending value in front of custom messages.
  .regex(/^[A-Za-z0-9_.-]+$/, 'is not a valid id — allowed characters: letters, digits, "_", "." and "-"');

export const QueueSchema = z.strictObject({
  /** Drop-tail: arrivals that find the buffer full are dropped (cause `queue-overflow`). */
  kind: z.literal('droptail').default('droptail'),
  /** Waiting packets the buffer holds, not counting the one being transmitted. */
  limitPackets: z.int().min(1).max(100_000).default(100),
  /** Optional byte limit on waiting packets; null = packets only. */
  limitBytes: z.int().min(64).max(1_000_000_000).nullable().default(null),
});

/** Loss models without the default, so `reverse.loss` can be optional without filling one in. */
const LossKindSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  /** Each packet independently corrupted with probability `per` (cause `channel-error`). */
  z.strictObject({ kind: z.literal('bernoulli'), per: z.number().min(0).max(1) }),
]);

export const LossSchema = LossKindSchema.default({ kind: 'none' });

const rateBpsSchema = z.number().min(1_000).max(100e9);
/** One-way propagation delay. */
const delayMsSchema = z.number().min(0).max(10_000);

export const LinkDirSchema = z.strictObject({
  rateBps: rateBpsSchema,
  delayMs: delayMsSchema,
  queue: QueueSchema.default({ kind: 'droptail', limitPackets: 100, limitBytes: null }),
  loss: LossSchema,
});

/**
 * Written out rather than `LinkDirSchema.partial()`: zod fills defaults inside optional fields,
 * so `partial()` would turn an omitted reverse queue into the default queue instead of the
 * forward one.
 */
const ReverseDirSchema = z.strictObject({
  rateBps: rateBpsSchema.optional(),
  delayMs: delayMsSchema.optional(),
  queue: QueueSchema.optional(),
  loss: LossKindSchema.optional(),
});

/**
 * A duplex link. `reverse` fields default to the forward ones (loss excepted: a clean reverse
 * path unless one is given), so a symmetric link is written once.
 */
export const LinkSchema = z
  .strictObject({
    id: idSchema,
    forward: LinkDirSchema,
    reverse: ReverseDirSchema.optional(),
  })
  .transform((l) => ({
    id: l.id,
    forward: l.forward,
    reverse: {
      rateBps: l.reverse?.rateBps ?? l.forward.rateBps,
      delayMs: l.reverse?.delayMs ?? l.forward.delayMs,
      queue: l.reverse?.queue ?? l.forward.queue,
      loss: l.reverse?.loss ?? { kind: 'none' as const },
    },
  }));

export const TcpSchema = z
  .strictObject({
    mssBytes: z.int().min(100).max(9000).default(1000),
    initialCwndSegments: z.int().min(1).max(100).default(2),
    /** Receiver's advertised window, in segments. */
    rwndSegments: z.int().min(1).max(100_000).default(1000),
    /** SACK blocks (RFC 2018). The `sack` variant turns them on whatever this says. */
    sack: z.boolean().default(false),
    /** RFC 7323 timestamps: RTT samples from retransmitted segments become usable. */
    timestamps: z.boolean().default(true),
    /** Delayed ACKs: every second full segment or after `delayedAckMs`. */
    delayedAck: z.boolean().default(true),
    delayedAckMs: z.number().min(1).max(500).default(200),
    /** RFC 6298 lower bound on RTO (RFC: 1 s; Linux: 200 ms). */
    minRtoMs: z.number().min(1).max(60_000).default(1000),
    maxRtoMs: z.number().min(1).max(600_000).default(60_000),
    initialRtoMs: z.number().min(1).max(60_000).default(1000),
    /** Clock granularity G in RTO = SRTT + max(G, 4·RTTVAR). */
    clockGranularityMs: z.number().min(0).max(1000).default(1),
    dupAckThreshold: z.int().min(1).max(64).default(3),
  })
  .superRefine((t, ctx) => {
    // An inverted clamp would make the RTO depend on which bound the engine applies first.
    if (t.minRtoMs > t.maxRtoMs) {
      ctx.addIssue({ code: 'custom', path: ['minRtoMs'], input: t.minRtoMs, message: `is more than maxRtoMs (${t.maxRtoMs})` });
    }
  });

export const FlowSchema = z.strictObject({
  id: idSchema,
  // Checked here rather than at the scenario level so a bad variant is reported together with
  // every other error (zod skips object-level refinements once a field has failed).
  variant: z
    .string()
    .superRefine((v, ctx) => {
      const known = variantNames();
      if (!known.includes(v)) ctx.addIssue({ code: 'custom', input: v, message: `is not a known variant — allowed: ${known.join(', ')}` });
    })
    .default('newreno'),
  startS: z.number().min(0).max(3600).default(0),
  /** Bytes to transfer; null = unlimited (bulk until the scenario ends). */
  bytes: z.int().min(1).max(1e12).nullable().default(null),
  /** The flow's own link from its sender to the first router. */
  access: LinkSchema,
  tcp: TcpSchema.default(TcpSchema.parse({})),
});

export const ScenarioSchema = z
  .strictObject({
    version: z.literal(SCENARIO_VERSION),
    name: z.string().max(200).default('untitled'),
    description: z.string().max(2000).default(''),
    durationS: z.number().min(0.001).max(3600).default(100),
    seed: z.int().min(0).max(4_294_967_295).default(1),
    /** Shared hops from the first router to the receivers, in order. */
    path: z.array(LinkSchema).min(1).max(16),
    flows: z.array(FlowSchema).min(1).max(64),
  })
  .superRefine((s, ctx) => {
    // Link ids name trace series and result rows (`<id>/fwd`), so they must be unique.
    const linkIds = new Set<string>();
    const checkLink = (id: string, path: (string | number)[]): void => {
      if (linkIds.has(id)) ctx.addIssue({ code: 'custom', path, input: id, message: 'is used twice — link ids must be unique' });
      linkIds.add(id);
    };
    s.path.forEach((l, i) => checkLink(l.id, ['path', i, 'id']));
    s.flows.forEach((f, i) => checkLink(f.access.id, ['flows', i, 'access', 'id']));
    const flowIds = new Set<string>();
    s.flows.forEach((f, i) => {
      if (flowIds.has(f.id)) ctx.addIssue({ code: 'custom', path: ['flows', i, 'id'], input: f.id, message: 'is used twice — flow ids must be unique' });
      flowIds.add(f.id);
    });
  });

/** A scenario after validation, every default filled in. */
export type Scenario = z.output<typeof ScenarioSchema>;
/** What a user may write: defaults may be left out. */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
export type LinkSpec = z.output<typeof LinkSchema>;
export type LinkDirSpec = z.output<typeof LinkDirSchema>;
export type FlowSpec = z.output<typeof FlowSchema>;
export type TcpSpec = z.output<typeof TcpSchema>;
export type LossSpec = z.output<typeof LossSchema>;
