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

const VARIANT_COLOURS: Record<string, string> = {
  newreno: OKABE_ITO.blue,
  reno: OKABE_ITO.orange,
  tahoe: OKABE_ITO.reddishPurple,
  sack: OKABE_ITO.bluishGreen,
};

const FALLBACK = [OKABE_ITO.blue, OKABE_ITO.orange, OKABE_ITO.reddishPurple, OKABE_ITO.bluishGreen, OKABE_ITO.black];

/** A variant's colour; unknown variants get a stable colour from their name. */
export function variantColour(name: string): string {
  const known = VARIANT_COLOURS[name];
  if (known) return known;
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return FALLBACK[h % FALLBACK.length];
}

/** Marks for loss and recovery: shape carries the meaning, colour only reinforces it. */
export const MARK_COLOURS = {
  drop: OKABE_ITO.vermillion,
  fastRetransmit: OKABE_ITO.black,
  timeout: OKABE_ITO.vermillion,
  queue: OKABE_ITO.blue,
  queueFill: OKABE_ITO.skyBlue,
  limit: OKABE_ITO.black,
} as const;
