import { variantInfo } from './variants.ts';

/**
 * Okabe–Ito colours (colour-blind safe). Variants keep one colour everywhere; yellow and sky
 * blue are kept for fills because they wash out as thin lines on a projector.
 */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/**
 * The six line colours. A line must keep 3:1 against the panel in the light theme (#fafafa) and
 * in the dark one (#1c1c1c) (WCAG 1.4.11), so its relative luminance lies between about 0.14
 * and 0.28: Okabe–Ito's blue, vermillion and bluish green do; its orange (2.2:1 on the light
 * panel) and reddish purple (2.9:1) do not. They are replaced by an olive and a deeper purple,
 * chosen so that under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009)
 * no two of the six come closer than ΔE 8; a grey is the sixth. tests/ui/palette.test.ts checks
 * all of it from these values and the themes' panel colours.
 */
export const LINE_PALETTE = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  bluishGreen: '#009E73',
  reddishPurple: '#B8509A',
  orange: '#5E8C00',
  grey: '#7F7F7F',
} as const;

const FALLBACK = [LINE_PALETTE.blue, LINE_PALETTE.orange, LINE_PALETTE.reddishPurple, LINE_PALETTE.bluishGreen, LINE_PALETTE.vermillion];

/** A variant's colour, as the catalogue names it (in its line form); unknown names get a stable colour from their name. */
export function variantColour(name: string): string {
  const known = variantInfo(name);
  if (known) return LINE_PALETTE[known.colour];
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return FALLBACK[h % FALLBACK.length];
}

/** Follows the theme's text colour (light: near-black, dark: near-white); use with style(), not attr(). */
export const INK = 'var(--ink)';

/**
 * A colour with one value in the light theme and another in the dark one, as CSS `light-dark()`
 * (the dark theme sets `color-scheme: dark`, so the browser picks); the same value twice is
 * that plain colour. Use with style(), not attr().
 */
export function themed(light: string, dark: string): string {
  return light.toLowerCase() === dark.toLowerCase() ? light : `light-dark(${light}, ${dark})`;
}

/** A colour's [light, dark] values: those of a `themed` colour, or a plain colour twice. */
export function themeValues(colour: string): [string, string] {
  const m = colour.match(/^light-dark\(\s*([^,\s]+)\s*,\s*([^)\s]+)\s*\)$/);
  return m ? [m[1], m[2]] : [colour, colour];
}

/**
 * Colours for marks (drop crosses, decision symbols) that must keep 3:1 against the panel in
 * both themes (WCAG 1.4.11) where Okabe–Ito's own value does not: its orange (2.2:1), sky blue
 * (2.2:1) and reddish purple (2.9:1) are too light on the light panel, and the brown spare (2.7:1)
 * too dark on the dark one. Each keeps its hue and takes the nearest value that holds about
 * 3.3:1 and stays ΔE ≥ 28 from every line colour; the other theme keeps the original.
 * tests/ui/palette.test.ts checks the ratios; tests/e2e/colours.test.ts reads them rendered.
 */
export const MARK_HUES = {
  orange: themed('#B48000', OKABE_ITO.orange),
  skyBlue: themed('#1094B0', OKABE_ITO.skyBlue),
  reddishPurple: themed('#B8748C', OKABE_ITO.reddishPurple),
  brown: themed('#8C510A', '#9C601C'),
} as const;

/** Marks for loss and recovery: shape carries the meaning, colour only reinforces it. */
export const MARK_COLOURS = {
  drop: OKABE_ITO.vermillion,
  fastRetransmit: INK,
  // the theme's ink, not vermillion: a mark must not take the colour of a compared run's line
  timeout: INK,
  queue: OKABE_ITO.blue,
  queueFill: OKABE_ITO.skyBlue,
  limit: INK,
  mark: OKABE_ITO.bluishGreen,
  retransmit: OKABE_ITO.vermillion,
  ack: OKABE_ITO.bluishGreen,
  recovery: OKABE_ITO.yellow,
} as const;

/** One fixed colour per ground-truth drop cause, in DROP_CAUSES order (with the label shown in legends). */
export const CAUSE_STYLE: readonly { cause: string; label: string; colour: string }[] = [
  { cause: 'queue-overflow', label: 'queue overflow', colour: OKABE_ITO.vermillion },
  { cause: 'red-early', label: 'RED early drop', colour: MARK_HUES.orange },
  { cause: 'channel-error', label: 'channel error', colour: OKABE_ITO.blue },
  { cause: 'handoff', label: 'handoff / outage', colour: MARK_HUES.reddishPurple },
  { cause: 'reverse-path', label: 'ACK lost (reverse path)', colour: OKABE_ITO.bluishGreen },
  { cause: 'aqm-drop', label: 'AQM drop (CoDel, FQ-CoDel, PIE, DualPI2)', colour: MARK_HUES.skyBlue },
];

export const causeColour = (code: number): string => CAUSE_STYLE[code]?.colour ?? INK;

/** CIE L*a*b* of an sRGB hex colour (D65), for telling apart colours a viewer would confuse. */
function lab(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  const lin = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r, g, b] = lin;
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const f = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116));
  return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])];
}

/** CIE76 colour difference: under about 25 two marks of a chart read as the same colour. */
export function deltaE(a: string, b: string): number {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/** Below this difference a drop mark would read as one of its chart's lines. */
export const MARK_CLASH_DELTA_E = 25;
/** Colours no line takes, for a drop mark whose cause colour matches a line of its chart. */
export const MARK_SPARES = [MARK_HUES.orange, MARK_HUES.skyBlue, MARK_HUES.brown] as const;

/**
 * A chart's drop-mark colour per cause: the cause's own colour, unless one of the chart's lines
 * (its runs' colours) is that colour or close to it — handoff's pink beside Tahoe's purple, queue
 * overflow's vermillion beside a vermillion line — then the first spare that is far from every
 * line and from the causes' colours already taken; with no spare left, the theme's ink (the ×
 * shape and the legend still say it is a drop). The legend uses the same function, so it says
 * what the marks are.
 */
export function dropMarkColours(lineColours: readonly string[]): (cause: number) => string {
  // every chart draw and legend render asks, mostly with the same few line sets; the answer
  // depends on the colours only, and working it out takes hundreds of L*a*b* conversions
  const key = lineColours.join(' ');
  let chosen = markColourSets.get(key);
  if (!chosen) {
    if (markColourSets.size >= 64) markColourSets.clear();
    markColourSets.set(key, (chosen = chooseMarkColours(lineColours)));
  }
  const fixed = chosen;
  return (cause) => fixed[cause] ?? INK;
}

/** The colour sets chosen so far, by their line colours (dropMarkColours). */
const markColourSets = new Map<string, readonly string[]>();

function chooseMarkColours(lineColours: readonly string[]): readonly string[] {
  const hexes = lineColours.filter((c) => themeValues(c).every((v) => /^#[0-9a-f]{6}$/i.test(v)));
  // far in both themes: a mark's light value from the lines' light values, its dark one from their dark ones
  const far = (c: string, from: readonly string[]): boolean =>
    from.every((l) => {
      const [cl, cd] = themeValues(c);
      const [ll, ld] = themeValues(l);
      return deltaE(cl, ll) >= MARK_CLASH_DELTA_E && deltaE(cd, ld) >= MARK_CLASH_DELTA_E;
    });
  // every cause decided at once, in CAUSE_STYLE order: the chart and its legend agree whatever order they ask in
  const used: string[] = [];
  const chosen = CAUSE_STYLE.map(({ colour: own }) => {
    const colour = far(own, hexes) && far(own, used) ? own : (MARK_SPARES.find((s) => far(s, hexes) && far(s, used)) ?? INK);
    used.push(colour);
    return colour;
  });
  return chosen;
}

/** Channel states good / bad / off, in CHANNEL_STATES order: light to dark so they read in greyscale too. */
export const CHANNEL_COLOURS = ['#cfe8d8', OKABE_ITO.orange, '#444444'] as const;

/**
 * Dash patterns: the second channel that tells compared variants apart in print and for
 * colour-blind viewers. Index i goes with the i-th compared variant.
 */
export const DASHES = [null, '9 4', '2 3', '12 3 3 3', '5 5', '1 4'] as const;

/** Line colours distinct enough to overlay six runs: LINE_PALETTE, in the order a clash takes them. */
export const LINE_COLOURS: readonly string[] = [LINE_PALETTE.blue, LINE_PALETTE.orange, LINE_PALETTE.bluishGreen, LINE_PALETTE.reddishPurple, LINE_PALETTE.vermillion, LINE_PALETTE.grey];

/**
 * Colours for a set of variants shown together: each keeps its own colour where it has one,
 * and a clash (two unknown variants hashing to the same colour) takes the next free one.
 */
export function distinctColours(variants: readonly string[]): string[] {
  const used = new Set<string>();
  return variants.map((v) => {
    let c = variantColour(v);
    if (used.has(c)) c = LINE_COLOURS.find((x) => !used.has(x)) ?? c;
    used.add(c);
    return c;
  });
}
