/**
 * The variant catalogue: what the schema, the UI and the CLI need to know about each
 * congestion-control variant — its name, label, family, colour, whether it needs SACK blocks and
 * the recovery "auto" gives it without SACK — with no engine imports, so the
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
  { name: 'tahoe', colour: 'reddishPurple', label: 'Tahoe', family: 'classic', needsSack: false, defaultRecovery: 'tahoe' },
  { name: 'reno', colour: 'orange', label: 'Reno', family: 'classic', needsSack: false, defaultRecovery: 'reno' },
  { name: 'newreno', colour: 'blue', label: 'NewReno', family: 'classic', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'sack', colour: 'bluishGreen', label: 'SACK', family: 'classic', needsSack: true, defaultRecovery: 'sack' },
  { name: 'vegas', colour: 'bluishGreen', label: 'Vegas', family: 'delay', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'veno', colour: 'orange', label: 'Veno', family: 'delay', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'newreno-lp', colour: 'vermillion', label: 'NewReno-LP', family: 'loss-differentiation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'newreno-ideal-lp', colour: 'bluishGreen', label: 'NewReno-Ideal-LP', family: 'loss-differentiation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'westwood-plus', colour: 'reddishPurple', label: 'Westwood+', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'westwood', colour: 'orange', label: 'Westwood', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'tibet', colour: 'bluishGreen', label: 'TIBET', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'jersey', colour: 'reddishPurple', label: 'Jersey', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'new-jersey', colour: 'vermillion', label: 'New Jersey', family: 'bandwidth-estimation', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'real', colour: 'blue', label: 'TCP-Real', family: 'receiver-driven', needsSack: false, defaultRecovery: 'reno' },
  { name: 'probing', colour: 'blue', label: 'TCP-Probing', family: 'probing', needsSack: false, defaultRecovery: 'reno' },
  { name: 'probing-tahoe', colour: 'vermillion', label: 'TCP-Probing (Tahoe)', family: 'probing', needsSack: false, defaultRecovery: 'tahoe' },
  { name: 'cubic', colour: 'vermillion', label: 'CUBIC', family: 'modern', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'dctcp', colour: 'blue', label: 'DCTCP', family: 'modern', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'prague', colour: 'reddishPurple', label: 'Prague', family: 'modern', needsSack: false, defaultRecovery: 'newreno' },
  { name: 'bbr', colour: 'bluishGreen', label: 'BBR', family: 'modern', needsSack: false, defaultRecovery: 'newreno' },
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
