/**
 * TCP profiles: `tcp.profile` names where the defaults of a flow's TCP settings come from.
 *
 * - `rfc` (the default): the textbook settings the schema's own defaults spell out (RFC 5681
 *   growth per ACK, RFC 6298's 1 s minimum RTO, initial window 2, no SACK, no limited transmit).
 * - `linux`: what a current Linux kernel does out of the box; each value names its source in the
 *   kernel in LINUX_TCP_SOURCES (and docs/validation.md lists them).
 *
 * A profile only fills the settings a scenario leaves out: anything written explicitly (every
 * preset writes its TCP settings out in full) is kept. `withProfile` is the other direction, for
 * the app's "as Linux does" switch: it overwrites the governed settings of a parsed scenario.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type TcpProfile = 'rfc' | 'linux';
export const TCP_PROFILES: readonly TcpProfile[] = ['rfc', 'linux'];

/** The TCP settings a profile governs, with the values each profile gives them. */
export const PROFILE_TCP = {
  rfc: {
    initialCwndSegments: 2,
    sack: false,
    limitedTransmit: false,
    timestamps: true,
    delayedAck: true,
    delayedAckMs: 200,
    minRtoMs: 1000,
    maxRtoMs: 60_000,
    initialRtoMs: 1000,
    byteCounting: 'auto',
    hystart: 'auto',
  },
  linux: {
    initialCwndSegments: 10,
    sack: true,
    limitedTransmit: true,
    timestamps: true,
    delayedAck: true,
    delayedAckMs: 40,
    minRtoMs: 200,
    maxRtoMs: 120_000,
    initialRtoMs: 1000,
    byteCounting: 'on',
    hystart: 'linux',
  },
} as const;

export type GovernedKey = keyof (typeof PROFILE_TCP)['rfc'];

/** Where each Linux value comes from (kernel source tree, v6.x). */
export const LINUX_TCP_SOURCES: Readonly<Record<GovernedKey, string>> = {
  initialCwndSegments: 'include/net/tcp.h: TCP_INIT_CWND 10 (RFC 6928)',
  sack: 'net/ipv4/tcp_ipv4.c: net.ipv4.tcp_sack = 1',
  limitedTransmit:
    'net/ipv4/tcp_input.c: tcp_packets_in_flight() leaves SACKed segments out of flight, so each duplicate ACK that SACKs new data lets a new segment out (RFC 3042\'s effect)',
  timestamps: 'net/ipv4/tcp_ipv4.c: net.ipv4.tcp_timestamps = 1',
  delayedAck: 'net/ipv4/tcp_input.c: __tcp_ack_snd_check() ACKs every second full segment, else the delayed-ACK timer',
  delayedAckMs: 'include/net/tcp.h: TCP_DELACK_MIN = HZ/25 (40 ms), the ACK timeout a bulk receiver settles at',
  minRtoMs: 'include/net/tcp.h: TCP_RTO_MIN = HZ/5 (200 ms)',
  maxRtoMs: 'include/net/tcp.h: TCP_RTO_MAX = 120·HZ (120 s)',
  initialRtoMs: 'include/net/tcp.h: TCP_TIMEOUT_INIT = 1·HZ (1 s, RFC 6298)',
  byteCounting: 'net/ipv4/tcp_cong.c: tcp_slow_start() and tcp_cong_avoid_ai() grow by the segments an ACK covers (`acked`)',
  hystart: 'net/ipv4/tcp_cubic.c: hystart = 1, hystart_detect = 3 (ACK train and delay increase)',
};

/**
 * Fill the settings a flow's (or FTP cross traffic's) `tcp` leaves out from its profile, before
 * the schema's defaults apply. Returns the input unchanged when no object names a profile other
 * than `rfc` (the schema's defaults are the rfc profile's); never throws: anything malformed is
 * left for validation to report with its field name.
 */
export function applyTcpProfiles(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const fill = (holder: unknown): unknown => {
    if (!isRecord(holder) || !isRecord(holder.tcp) || holder.tcp.profile !== 'linux') return holder;
    return { ...holder, tcp: { ...PROFILE_TCP.linux, ...holder.tcp } };
  };
  const out: Record<string, unknown> = { ...input };
  if (Array.isArray(input.flows)) out.flows = input.flows.map(fill);
  if (Array.isArray(input.cross)) out.cross = input.cross.map(fill);
  return out;
}

/** A parsed flow's tcp switched to `profile`: every governed setting takes the profile's value. */
export function withProfile<T extends { profile: TcpProfile }>(tcp: T, profile: TcpProfile): T {
  return { ...tcp, ...PROFILE_TCP[profile], profile };
}
