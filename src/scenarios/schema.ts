/**
 * The scenario format: plain JSON, versioned, validated by zod with defaults filled in.
 * Documented in docs/scenario.md. Every range here is the range the UI sliders and the CLI's
 * `--set` accept; messages naming the field and the range come from ./validate.ts.
 */
import { z } from 'zod';
import { variantNames } from '../engine/tcp/cc/registry.ts';

export const SCENARIO_VERSION = 1;

const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." or "-"');

export const QueueSchema = z.object({
  /** Drop-tail: arrivals that find the buffer full are dropped (cause `queue-overflow`). */
  kind: z.literal('droptail').default('droptail'),
  /** Waiting packets the buffer holds, not counting the one being transmitted. */
  limitPackets: z.int().min(1).max(100_000).default(100),
  /** Optional byte limit on waiting packets; null = packets only. */
  limitBytes: z.int().min(64).max(1_000_000_000).nullable().default(null),
});

export const LossSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    /** Each packet independently corrupted with probability `per` (cause `channel-error`). */
    z.object({ kind: z.literal('bernoulli'), per: z.number().min(0).max(1) }),
  ])
  .default({ kind: 'none' });

export const LinkDirSchema = z.object({
  rateBps: z.number().min(1_000).max(100e9),
  /** One-way propagation delay. */
  delayMs: z.number().min(0).max(10_000),
  queue: QueueSchema.default({ kind: 'droptail', limitPackets: 100, limitBytes: null }),
  loss: LossSchema,
});

/**
 * A duplex link. `reverse` fields default to the forward ones (loss excepted: a clean reverse
 * path unless one is given), so a symmetric link is written once.
 */
export const LinkSchema = z
  .object({
    id: idSchema,
    forward: LinkDirSchema,
    reverse: LinkDirSchema.partial().optional(),
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

export const TcpSchema = z.object({
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
});

export const FlowSchema = z.object({
  id: idSchema,
  variant: z.string().default('newreno'),
  startS: z.number().min(0).max(3600).default(0),
  /** Bytes to transfer; null = unlimited (bulk until the scenario ends). */
  bytes: z.int().min(1).max(1e12).nullable().default(null),
  /** The flow's own link from its sender to the first router. */
  access: LinkSchema,
  tcp: TcpSchema.default(TcpSchema.parse({})),
});

export const ScenarioSchema = z
  .object({
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
    const known = variantNames();
    s.flows.forEach((f, i) => {
      if (!known.includes(f.variant)) {
        ctx.addIssue({
          code: 'custom',
          path: ['flows', i, 'variant'],
          message: `unknown variant; one of ${known.join(', ')}`,
          input: f.variant,
        });
      }
    });
    const ids = [...s.path.map((l) => l.id), ...s.flows.map((f) => f.access.id)];
    const seen = new Set<string>();
    ids.forEach((id) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['path'], message: `link id "${id}" is used twice`, input: id });
      seen.add(id);
    });
    const flowIds = new Set<string>();
    s.flows.forEach((f, i) => {
      if (flowIds.has(f.id)) ctx.addIssue({ code: 'custom', path: ['flows', i, 'id'], message: `flow id "${f.id}" is used twice`, input: f.id });
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
