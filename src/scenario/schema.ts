/**
 * The scenario format: plain JSON, versioned, validated by zod with defaults filled in.
 * Documented in docs/scenario.md (keep the tables there in step with this file; a test checks
 * that every field appears). Every range here is the range the UI sliders and the CLI's `--set`
 * accept; messages naming the field, the value and the range come from ./validate.ts.
 *
 * Every object is strict: a misspelled key is an error rather than a silently ignored setting.
 */
import { z } from './zod.ts';
import { RECOVERY_ALGORITHMS, variantNames } from '../catalogue/variants.ts';
import { ErrorModelSchema, type ErrorModelSpec } from './error-models.ts';

/** Declared with the other error models in ./error-models.ts; re-exported for the format's readers. */
export { ErrorModelSchema, type ErrorModelSpec };

/**
 * 2: per-direction `errors` list (was `loss`), queue `kind` required, RED/CW queues, cross traffic, apps.
 * 3: `tcp.recovery`. 4: timed `changes`.
 */
export const SCENARIO_VERSION = 4;

// No .min(1): the pattern already rejects "", and one message for it is enough.
const idSchema = z
  .string()
  .max(64)
  // validate.ts puts the offending value in front of custom messages.
  .regex(/^[A-Za-z0-9_.-]+$/, 'is not a valid id — allowed characters: letters, digits, "_", "." and "-"');

const limitPacketsSchema = z.int().min(1).max(100_000);
/** EWMA weight of the average queue length, applied per arrival (RED's w_q). */
const queueWeightSchema = z.number().min(0.0001).max(1);

/** A delay-based AQM's target or interval, in ms. */
const aqmDelayMsSchema = z.number().min(0.01).max(10_000);
/** A PI controller's gain, in Hz. */
const aqmGainSchema = z.number().min(0).max(100);

export const QueueSchema = z
  .discriminatedUnion('kind', [
    /** Drop-tail: arrivals that find the buffer full are dropped (cause `queue-overflow`). */
    z.strictObject({
      kind: z.literal('droptail'),
      /** Waiting packets the buffer holds, not counting the one being transmitted. */
      limitPackets: limitPacketsSchema.default(100),
      /** Optional byte limit on waiting packets; null = packets only. */
      limitBytes: z.int().min(64).max(1_000_000_000).nullable().default(null),
    }),
    /** RED (Floyd & Jacobson 1993), optionally marking ECN-capable packets instead of dropping. */
    z.strictObject({
      kind: z.literal('red'),
      limitPackets: limitPacketsSchema.default(100),
      minThPackets: z.number().min(0).max(100_000).default(5),
      maxThPackets: z.number().min(0.001).max(100_000).default(15),
      maxP: z.number().min(0).max(1).default(0.1),
      weight: queueWeightSchema.default(0.002),
      /** Mark ECN-capable packets (flows with tcp.ecn) instead of dropping them early. */
      ecn: z.boolean().default(false),
      /** Between maxTh and 2·maxTh the drop probability rises linearly to 1 instead of jumping. */
      gentle: z.boolean().default(true),
    }),
    /** Congestion warning (TCP New Jersey): mark every forwarded packet while the average queue is above the threshold. */
    z.strictObject({
      kind: z.literal('cw'),
      limitPackets: limitPacketsSchema.default(100),
      /** null = one third of limitPackets (a reconstruction, docs/engine.md). */
      thresholdPackets: z.number().min(0).max(100_000).nullable().default(null),
      weight: queueWeightSchema.default(0.002),
    }),
    /** CoDel (RFC 8289): drops (or marks) at the head once the sojourn time stayed above target for an interval. */
    z.strictObject({
      kind: z.literal('codel'),
      limitPackets: limitPacketsSchema.default(1000),
      targetMs: aqmDelayMsSchema.default(5),
      intervalMs: aqmDelayMsSchema.default(100),
      ecn: z.boolean().default(false),
    }),
    /** FQ-CoDel (RFC 8290): hashed flow queues, deficit round robin, CoDel per queue. */
    z.strictObject({
      kind: z.literal('fq-codel'),
      limitPackets: limitPacketsSchema.default(10_240),
      targetMs: aqmDelayMsSchema.default(5),
      intervalMs: aqmDelayMsSchema.default(100),
      /** Linux's fq_codel marks by default. */
      ecn: z.boolean().default(true),
      flows: z.int().min(1).max(65_536).default(1024),
      quantumBytes: z.int().min(64).max(1_000_000).default(1514),
    }),
    /** PIE (RFC 8033): a PI controller on queue delay sets the drop probability every tUpdateMs. */
    z.strictObject({
      kind: z.literal('pie'),
      limitPackets: limitPacketsSchema.default(1000),
      targetMs: aqmDelayMsSchema.default(15),
      tUpdateMs: aqmDelayMsSchema.default(15),
      alpha: aqmGainSchema.default(0.125),
      beta: aqmGainSchema.default(1.25),
      maxBurstMs: z.number().min(0).max(10_000).default(150),
      ecn: z.boolean().default(false),
      maxEcnTh: z.number().min(0).max(1).default(0.1),
      meanPacketBytes: z.int().min(64).max(100_000).default(1500),
    }),
    /** DualPI2 (RFC 9332): an L4S queue for ECT(1) and a Classic queue, coupled through one PI base probability. */
    z.strictObject({
      kind: z.literal('dualpi2'),
      limitPackets: limitPacketsSchema.default(10_000),
      targetMs: aqmDelayMsSchema.default(15),
      tUpdateMs: aqmDelayMsSchema.default(16),
      alpha: aqmGainSchema.default(0.16),
      beta: aqmGainSchema.default(3.2),
      k: z.number().min(0.1).max(100).default(2),
      minThMs: z.number().min(0).max(10_000).default(0.8),
      rangeMs: z.number().min(0).max(10_000).default(0.4),
      thLenPackets: z.int().min(0).max(100_000).default(1),
      tshiftMs: z.number().min(0).max(10_000).default(30),
      /** Mark ECT(0) packets in the Classic queue instead of dropping them. */
      ecn: z.boolean().default(true),
    }),
  ])
  .superRefine((q, ctx) => {
    if (q.kind === 'red' && q.minThPackets >= q.maxThPackets) {
      ctx.addIssue({ code: 'custom', path: ['minThPackets'], input: q.minThPackets, message: `is not below maxThPackets (${q.maxThPackets})` });
    }
    if ((q.kind === 'codel' || q.kind === 'fq-codel') && q.targetMs >= q.intervalMs) {
      ctx.addIssue({ code: 'custom', path: ['targetMs'], input: q.targetMs, message: `is not below intervalMs (${q.intervalMs})` });
    }
  });

const perSchema = z.number().min(0).max(1);

const rateBpsSchema = z.number().min(1_000).max(100e9);
/** One-way propagation delay. */
const delayMsSchema = z.number().min(0).max(10_000);
const DEFAULT_QUEUE = { kind: 'droptail', limitPackets: 100, limitBytes: null } as const;

/** The 3G paper's variable link: rate u(mean, sd) per packet or slot, delay d + e(mean). */
const rateSdBpsSchema = z.number().min(0).max(100e9);
const rateSlotMsSchema = z.number().min(0.001).max(60_000).nullable();
const extraDelayMeanMsSchema = z.number().min(0).max(10_000);

/** Checked where a direction is complete (forward here, reverse after copying). */
function checkRateSd(d: { rateBps: number; rateSdBps: number }, ctx: z.RefinementCtx, path: (string | number)[]): void {
  // u(mean, sd) spans mean ± √3·sd; the slowest draw must still be a positive rate.
  const maxSd = d.rateBps / Math.sqrt(3);
  if (d.rateSdBps >= maxSd) {
    ctx.addIssue({ code: 'custom', path, input: d.rateSdBps, message: `is too large for rateBps ${d.rateBps} — allowed below ${Math.floor(maxSd)} (rateBps/√3), so the slowest rate stays positive` });
  }
}

export const LinkDirSchema = z
  .strictObject({
    rateBps: rateBpsSchema,
    delayMs: delayMsSchema,
    queue: QueueSchema.default(DEFAULT_QUEUE),
    /** Composed error models; [] = a clean link. */
    errors: z.array(ErrorModelSchema).max(8).default([]),
    /** Standard deviation of the uniform service rate around rateBps; 0 = constant rate. */
    rateSdBps: rateSdBpsSchema.default(0),
    /** How often the rate is redrawn; null = per packet. */
    rateSlotMs: rateSlotMsSchema.default(null),
    /** Mean of the exponential extra delay per packet (link-layer ARQ); delivery stays in order. */
    extraDelayMeanMs: extraDelayMeanMsSchema.default(0),
  })
  .superRefine((d, ctx) => checkRateSd(d, ctx, ['rateSdBps']));

/**
 * Written out rather than `LinkDirSchema.partial()`: zod fills defaults inside optional fields,
 * so `partial()` would turn an omitted reverse queue into the default queue instead of the
 * forward one.
 */
const ReverseDirSchema = z.strictObject({
  rateBps: rateBpsSchema.optional(),
  delayMs: delayMsSchema.optional(),
  queue: QueueSchema.optional(),
  errors: z.array(ErrorModelSchema).max(8).optional(),
  rateSdBps: rateSdBpsSchema.optional(),
  rateSlotMs: rateSlotMsSchema.optional(),
  extraDelayMeanMs: extraDelayMeanMsSchema.optional(),
});

/**
 * The 3G paper's Ack Regulator (§5, a reconstruction — src/engine/net/ack-regulator.ts): holds
 * the link's returning ACKs until its forward buffer has room for the data they will bring.
 */
export const AckRegulatorSchema = z.strictObject({
  /** `conservative`: ACKs of a flow in slow start are expected to bring 2 segments; `non-conservative`: 1. */
  mode: z.enum(['conservative', 'non-conservative']).default('non-conservative'),
  /** B the release rule plans with; null = the forward queue's limitPackets. */
  bufferPackets: z.int().min(1).max(100_000).nullable().default(null),
  /** Buffer slots kept free for data nobody expects (window growth, retransmissions). */
  reservePackets: z.int().min(0).max(100_000).default(0),
  /** Capacity of the held-ACK queue: beyond it the oldest ACK goes whatever the room, so the RTT stays bounded; null = B. */
  maxHeldAcks: z.int().min(1).max(1_000_000).nullable().default(null),
});

/**
 * A duplex link. `reverse` fields default to the forward ones (errors excepted: a clean reverse
 * path unless given), so a symmetric link is written once.
 */
export const LinkSchema = z
  .strictObject({
    id: idSchema,
    forward: LinkDirSchema,
    reverse: ReverseDirSchema.optional(),
    /** An Ack Regulator at the forward buffer, regulating the ACKs that return over this link; null = none. */
    ackRegulator: AckRegulatorSchema.nullable().default(null),
  })
  .superRefine((l, ctx) => {
    if (l.reverse?.rateBps === undefined && l.reverse?.rateSdBps === undefined) return;
    checkRateSd({ rateBps: l.reverse.rateBps ?? l.forward.rateBps, rateSdBps: l.reverse.rateSdBps ?? l.forward.rateSdBps }, ctx, ['reverse', 'rateSdBps']);
  })
  .transform((l) => ({
    id: l.id,
    forward: l.forward,
    reverse: {
      rateBps: l.reverse?.rateBps ?? l.forward.rateBps,
      delayMs: l.reverse?.delayMs ?? l.forward.delayMs,
      queue: l.reverse?.queue ?? l.forward.queue,
      errors: l.reverse?.errors ?? [],
      rateSdBps: l.reverse?.rateSdBps ?? l.forward.rateSdBps,
      rateSlotMs: l.reverse?.rateSlotMs !== undefined ? l.reverse.rateSlotMs : l.forward.rateSlotMs,
      extraDelayMeanMs: l.reverse?.extraDelayMeanMs ?? l.forward.extraDelayMeanMs,
    },
    ackRegulator: l.ackRegulator,
  }));

export const TcpSchema = z
  .strictObject({
    /**
     * Where the settings left out take their values (./profiles.ts): "rfc" = the textbook
     * defaults below, "linux" = what a current Linux kernel does. Explicit settings always win.
     */
    profile: z.enum(['rfc', 'linux']).default('rfc'),
    mssBytes: z.int().min(100).max(9000).default(1000),
    initialCwndSegments: z.int().min(1).max(100).default(2),
    /** Receiver's advertised window, in segments. */
    rwndSegments: z.int().min(1).max(100_000).default(1000),
    /** SACK blocks (RFC 2018), used by the sender's recovery ("auto" gives SACK + PRR). The `sack` variant turns them on whatever this says. */
    sack: z.boolean().default(false),
    /**
     * Loss recovery, any variant: "auto" = SACK + PRR (RFC 6675 + 6937) where SACK is on, else
     * the variant's own (Tahoe's, Reno's or NewReno's). A SACK recovery turns SACK blocks on.
     */
    recovery: z.enum(['auto', ...RECOVERY_ALGORITHMS]).default('auto'),
    /** RFC 3042 limited transmit: the first two duplicate ACKs each send one new segment. */
    limitedTransmit: z.boolean().default(false),
    /**
     * Window growth by the bytes an ACK covers (RFC 3465, L = 2) instead of one step per ACK
     * (RFC 5681's equations): "auto" = on with the linux profile, otherwise off (the variants'
     * papers and RFC 5681's text grow per ACK).
     */
    byteCounting: z.enum(['auto', 'on', 'off']).default('auto'),
    /**
     * How CUBIC ends its first slow start: "hystart++" (RFC 9406), "linux" (tcp_cubic.c's ACK
     * train and delay increase), "off"; "auto" = linux with the linux profile, else hystart++.
     */
    hystart: z.enum(['auto', 'hystart++', 'linux', 'off']).default('auto'),
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
    /** ECN-capable (RFC 3168): RED may mark instead of drop; the sender halves once per window on an echoed mark. */
    ecn: z.boolean().default(false),
  })
  .superRefine((t, ctx) => {
    // An inverted clamp would make the RTO depend on which bound the engine applies first.
    if (t.minRtoMs > t.maxRtoMs) {
      ctx.addIssue({ code: 'custom', path: ['minRtoMs'], input: t.minRtoMs, message: `is more than maxRtoMs (${t.maxRtoMs})` });
    }
  });

// Checked on the field rather than at the scenario level so a bad variant is reported together
// with every other error (zod skips object-level refinements once a field has failed).
const variantSchema = z
  .string()
  .superRefine((v, ctx) => {
    const known = variantNames();
    if (!known.includes(v)) ctx.addIssue({ code: 'custom', input: v, message: `is not a known variant — allowed: ${known.join(', ')}` });
  })
  .default('newreno');

/** A token bucket in front of the sender (TCP-Real §3): one token per segment sent. */
export const TokenBucketSchema = z.strictObject({
  tokensPerInterval: z.number().min(0.001).max(1_000_000).default(20),
  intervalMs: z.number().min(0.001).max(60_000).default(30),
  /** Bucket depth in whole tokens (segments); the bucket starts full. */
  depthTokens: z.int().min(1).max(1_000_000).default(20),
});

/** The receiving application reads `readBytes` of in-order data every `periodMs` (TCP-Real §3). */
export const PlaybackSchema = z.strictObject({
  readBytes: z.int().min(1).max(100_000_000).default(5000),
  periodMs: z.number().min(1).max(60_000).default(40),
  /** Delay from the flow's start to the first read (a playout buffer). */
  startDelayMs: z.number().min(0).max(600_000).default(0),
});

export const FlowSchema = z.strictObject({
  id: idSchema,
  variant: variantSchema,
  startS: z.number().min(0).max(3600).default(0),
  /** Bytes to transfer; null = unlimited (bulk until the scenario ends). */
  bytes: z.int().min(1).max(1e12).nullable().default(null),
  /** The flow's own link from its sender to the first router. */
  access: LinkSchema,
  tcp: TcpSchema.default(TcpSchema.parse({})),
  /** Token bucket rate limit at the sender; null = none. */
  tokenBucket: TokenBucketSchema.nullable().default(null),
  /** Playback application at the receiver; null = a plain transfer. */
  playback: PlaybackSchema.nullable().default(null),
});

const crossCommon = {
  id: idSchema,
  /** `forward` = with the data; `reverse` = against it, on the ACK path. */
  direction: z.enum(['forward', 'reverse']).default('forward'),
  /** First and last `path` link (indices) the traffic crosses; null = the last link. */
  fromLink: z.int().min(0).max(15).default(0),
  toLink: z.int().min(0).max(15).nullable().default(null),
  startS: z.number().min(0).max(3600).default(0),
};

/** Background traffic sharing (part of) the path. */
export const CrossTrafficSchema = z.discriminatedUnion('kind', [
  /** Constant bit rate with a schedule of rates; rate 0 = silent. */
  z.strictObject({
    ...crossCommon,
    kind: z.literal('cbr'),
    packetBytes: z.int().min(40).max(65_535).default(1000),
    schedule: z
      .array(z.strictObject({ atS: z.number().min(0).max(3600), rateBps: z.number().min(0).max(100e9) }))
      .min(1)
      .max(64)
      .superRefine((steps, ctx) => {
        // Each step starts a new rate, so the steps must be in time order (and 1 ns apart at least).
        for (let i = 1; i < steps.length; i++) {
          if (Math.round(steps[i].atS * 1e9) <= Math.round(steps[i - 1].atS * 1e9)) {
            ctx.addIssue({ code: 'custom', path: [i, 'atS'], input: steps[i].atS, message: `is not after the previous step (${steps[i - 1].atS} s) — steps must be in increasing time order` });
          }
        }
      }),
  }),
  /** N independent UDP sources with Pareto-distributed ON and OFF periods. */
  z.strictObject({
    ...crossCommon,
    kind: z.literal('pareto-onoff'),
    sources: z.int().min(1).max(1000).default(30),
    shape: z.number().min(1.01).max(10).default(1.5),
    meanOnMs: z.number().min(0.1).max(600_000).default(100),
    meanOffMs: z.number().min(0.1).max(600_000).default(200),
    /** Sending rate of one source while ON. */
    rateBps: z.number().min(1_000).max(100e9).default(100e3),
    packetBytes: z.int().min(40).max(65_535).default(1000),
  }),
  /** Short-lived FTP sessions over our TCP, with exponential gaps and durations. */
  z.strictObject({
    ...crossCommon,
    kind: z.literal('ftp'),
    /** Independent session generators running in parallel. */
    generators: z.int().min(1).max(64).default(1),
    meanGapS: z.number().min(0.001).max(3600).default(1),
    meanDurationS: z.number().min(0.001).max(3600).default(3),
    variant: variantSchema,
    tcp: TcpSchema.default(TcpSchema.parse({})),
  }),
]);

/**
 * One timed change (./changes.ts): from `atS` on, the field at `path` has `value`. Only the
 * shape is checked here; which paths may change, each value's range and the time order are
 * checked in ./validate.ts against the scenario they change (CHANGE_VALUE_SCHEMAS below).
 */
export const ChangeSchema = z.strictObject({
  atS: z.number().min(0).max(3600),
  path: z.string().max(200),
  // Optional here only so a missing value is reported by validate.ts with the field's type and range.
  value: z.unknown().optional(),
});

/** What each changeable field accepts: the same schemas the fields themselves have. */
export const CHANGE_VALUE_SCHEMAS = {
  rateBps: rateBpsSchema,
  delayMs: delayMsSchema,
  limitPackets: limitPacketsSchema,
  errors: z.array(ErrorModelSchema).max(8),
  per: perSchema,
  perGood: perSchema,
  perBad: perSchema,
} as const;

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
    cross: z.array(CrossTrafficSchema).max(32).default([]),
    /** Timed changes to links, in time order (./changes.ts); [] = the scenario runs as written. */
    changes: z.array(ChangeSchema).max(64).default([]),
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
    const crossIds = new Set<string>();
    s.cross.forEach((c, i) => {
      if (crossIds.has(c.id)) ctx.addIssue({ code: 'custom', path: ['cross', i, 'id'], input: c.id, message: 'is used twice — cross-traffic ids must be unique' });
      crossIds.add(c.id);
      const last = s.path.length - 1;
      if (c.fromLink > last) ctx.addIssue({ code: 'custom', path: ['cross', i, 'fromLink'], input: c.fromLink, message: `is not a path link — allowed 0 … ${last}` });
      const to = c.toLink ?? last;
      if (to > last || to < c.fromLink) {
        ctx.addIssue({ code: 'custom', path: ['cross', i, 'toLink'], input: c.toLink, message: `is not a path link at or after fromLink — allowed ${Math.min(c.fromLink, last)} … ${last}` });
      }
    });
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
export type QueueSpec = z.output<typeof QueueSchema>;
export type AckRegulatorSpec = z.output<typeof AckRegulatorSchema>;
export type CrossTrafficSpec = z.output<typeof CrossTrafficSchema>;
export type TokenBucketSpec = z.output<typeof TokenBucketSchema>;
export type PlaybackSpec = z.output<typeof PlaybackSchema>;
export type ChangeSpec = z.output<typeof ChangeSchema>;
