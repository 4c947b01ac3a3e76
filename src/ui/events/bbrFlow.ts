/**
 * Whether a flow is a BBR flow, on its own: the panel registry asks it before any panel's code is
 * in, and the rest of ./bbrModes.ts (which re-exports it) is not needed for the first chart.
 */

/** True if the flow declares BBR's mode estimate (it is a BBR flow). */
export const isBbrFlow = (estimates: readonly { key: string }[] | undefined): boolean => (estimates ?? []).some((e) => e.key === 'bbrModeLevel');
