/**
 * The variant catalogue: what the schema, the UI and the CLI need to know about each
 * congestion-control variant — its name, label, one-line description, family, colour, whether it needs
 * SACK blocks and the recovery "auto" gives it without SACK — with no engine imports, so the
 * main-thread bundle does not carry every variant's code (the engine runs in the worker). The
 * engine registry (src/engine/tcp/cc/registry.ts) maps the same names to their implementations
 * and checks at load that the two lists match one to one.
 */

/** Loss recoveries (src/engine/tcp/recovery/), as `tcp.recovery` names them ("auto" resolves to one). */
export const RECOVERY_ALGORITHMS = ['tahoe', 'reno', 'newreno', 'sack', 'sack-prr'] as const;
export type RecoveryAlgorithm = (typeof RECOVERY_ALGORITHMS)[number];

/**
 * Okabe–Ito colours (colour-blind safe) that stay readable as thin lines on light and dark
 * panels and on a projector: yellow and sky blue are left out (too faint as lines). The UI maps
 * the names to its palette (src/catalogue/palette.ts).
 */
export type LineColour = 'blue' | 'orange' | 'bluishGreen' | 'reddishPurple' | 'vermillion';

/** The families the variants are grouped in (menus keep this order), with their menu headings. */
export const FAMILY_LABELS = {
  classic: 'Classic loss recovery',
  delay: 'Delay-based',
  'loss-differentiation': 'Loss differentiation',
  'bandwidth-estimation': 'Bandwidth estimation',
  'receiver-driven': 'Receiver-driven',
  probing: 'Probing',
  modern: 'Modern',
} as const;
export type VariantFamily = keyof typeof FAMILY_LABELS;

export interface VariantInfo {
  /** Used in URLs, scenarios and the CLI's --variant. */
  readonly name: string;
  /** Short display name for legends and menus. */
  readonly label: string;
  /** One line for menus and `--list-variants`. */
  readonly description: string;
  readonly family: VariantFamily;
  /**
   * The variant's colour everywhere (legends, lines, metrics). Five colours for eighteen
   * variants: chosen so that every set the presets, lessons and figures compare has distinct colours
   * (tests/ui/catalogue-colours.test.ts), and the four classic recoveries keep theirs.
   */
  readonly colour: LineColour;
  /** The variant needs SACK blocks from the receiver (they are turned on whatever `tcp.sack` says). */
  readonly needsSack: boolean;
  /** The recovery `tcp.recovery: "auto"` gives it without SACK (with SACK: sack-prr). */
  readonly defaultRecovery: RecoveryAlgorithm;
}

/** Menu order: classic, then each family in FAMILY_LABELS' order. */
export const VARIANTS: readonly VariantInfo[] = [
  { name: 'tahoe', colour: 'reddishPurple', label: 'Tahoe', family: 'classic', needsSack: false, defaultRecovery: 'tahoe', description: 'Tahoe: every loss restarts slow start from 1 segment' },
  { name: 'reno', colour: 'orange', label: 'Reno', family: 'classic', needsSack: false, defaultRecovery: 'reno', description: 'Reno: fast recovery, but one halving per loss — several losses in a window hurt' },
  { name: 'newreno', colour: 'blue', label: 'NewReno', family: 'classic', needsSack: false, defaultRecovery: 'newreno', description: 'NewReno: stays in fast recovery across partial ACKs — one halving per window of losses' },
  { name: 'sack', colour: 'bluishGreen', label: 'SACK', family: 'classic', needsSack: true, defaultRecovery: 'sack', description: 'SACK (RFC 6675): the receiver reports holes, the sender repairs several per RTT' },
  { name: 'vegas', colour: 'bluishGreen', label: 'Vegas', family: 'delay', needsSack: false, defaultRecovery: 'newreno', description: 'Vegas: keeps 1–3 segments queued by comparing expected and actual rate once per RTT' },
  { name: 'veno', colour: 'orange', label: 'Veno', family: 'delay', needsSack: false, defaultRecovery: 'newreno', description: 'Veno: Reno that cuts only to 4/5 when Vegas’s backlog says a loss was random' },
  { name: 'newreno-lp', colour: 'vermillion', label: 'NewReno-LP', family: 'loss-differentiation', needsSack: false, defaultRecovery: 'newreno', description: 'NewReno-LP: NewReno that keeps its window when the Vegas predictor calls a loss wireless' },
  { name: 'newreno-ideal-lp', colour: 'bluishGreen', label: 'NewReno-Ideal-LP', family: 'loss-differentiation', needsSack: false, defaultRecovery: 'newreno', description: 'NewReno-Ideal-LP: NewReno-LP with a perfect oracle for the cause of each loss — the upper bound' },
  { name: 'westwood-plus', colour: 'reddishPurple', label: 'Westwood+', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno', description: 'Westwood+: after a loss, ssthresh = bandwidth estimate × RTTmin (one sample per RTT, low-pass filtered)' },
  { name: 'westwood', colour: 'orange', label: 'Westwood', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno', description: 'Westwood (original): per-ACK bandwidth samples — over-estimates when ACKs arrive bunched' },
  { name: 'tibet', colour: 'bluishGreen', label: 'TIBET', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno', description: 'TIBET: Westwood-style loss reaction with an unbiased estimate (filtered length / filtered ACK interval)' },
  { name: 'jersey', colour: 'reddishPurple', label: 'Jersey', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno', description: 'Jersey: bandwidth estimate from ACK arrivals (ABE) + router congestion warnings tell congestion from wireless loss' },
  { name: 'new-jersey', colour: 'vermillion', label: 'New Jersey', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno', description: 'New Jersey: Jersey with the receiver’s timestamps (TABE) — immune to ACK compression — and ssthresh tracking the estimate' },
  { name: 'real', colour: 'blue', label: 'TCP-Real', family: 'receiver-driven', needsSack: false, defaultRecovery: 'reno', description: 'TCP-Real: the receiver times each wave and sets the window; random losses leave it alone' },
  { name: 'probing', colour: 'blue', label: 'TCP-Probing', family: 'probing', needsSack: false, defaultRecovery: 'reno', description: 'TCP-Probing (Reno): on a loss, pause data and probe the path; recover at full window unless the probe RTTs say congestion' },
  { name: 'probing-tahoe', colour: 'vermillion', label: 'TCP-Probing (Tahoe)', family: 'probing', needsSack: false, defaultRecovery: 'tahoe', description: 'TCP-Probing (Tahoe): probe cycle on every loss; slow start when the probes say congestion' },
  { name: 'cubic', colour: 'vermillion', label: 'CUBIC', family: 'modern', needsSack: false, defaultRecovery: 'newreno', description: 'CUBIC (RFC 9438): window a cubic function of time since the last loss — plateau at the old maximum, then probe' },
  { name: 'dctcp', colour: 'blue', label: 'DCTCP', family: 'modern', needsSack: false, defaultRecovery: 'newreno', description: 'DCTCP (RFC 8257): ECN marks estimate congestion α; cuts cwnd by α/2 once per window instead of halving' },
  { name: 'prague', colour: 'reddishPurple', label: 'Prague', family: 'modern', needsSack: false, defaultRecovery: 'newreno', description: 'TCP Prague (L4S): DCTCP-like response on ECT(1) marks, paced, RTT-independent below 25 ms' },
  { name: 'bbr', colour: 'bluishGreen', label: 'BBR', family: 'modern', needsSack: false, defaultRecovery: 'newreno', description: 'BBR v1: paces at the measured bottleneck rate, window ≈ 2 × bandwidth·min-RTT — keeps queues short, ignores loss' },
];

const BY_NAME = new Map(VARIANTS.map((v) => [v.name, v]));

/** Every variant's name, in menu order. */
export function variantNames(): string[] {
  return VARIANTS.map((v) => v.name);
}

/** The catalogue entry of `name`, or undefined if there is none. */
export function variantInfo(name: string): VariantInfo | undefined {
  return BY_NAME.get(name);
}

/**
 * `names` grouped by family for a menu, families in catalogue order, names in the order given;
 * names the catalogue does not know come last under 'Other'.
 */
export function byFamily(names: readonly string[]): { label: string; names: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const f of Object.values(FAMILY_LABELS)) groups.set(f, []);
  for (const n of names) {
    const label = BY_NAME.has(n) ? FAMILY_LABELS[BY_NAME.get(n)!.family] : 'Other';
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label)!.push(n);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([label, list]) => ({ label, names: list }));
}
