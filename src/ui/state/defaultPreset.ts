/** The preset a page opens with when its link names no scenario. */
export const DEFAULT_PRESET = 'reference-2mbps';
