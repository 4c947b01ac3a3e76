/**
 * The panel catalogue: every panel's id in the app's default order, and which panels show
 * the network rather than the sender. Lessons (content, below the UI) name panels from this
 * list; the UI's registry (src/ui/panels/registry.ts) gives each id its component, title and
 * data check (tests/ui/panels.test.ts checks that the two lists match one to one).
 */

/** Stable ids, used in URLs (view.panels), lessons and as DOM id prefixes; default order. */
export const PANEL_IDS = ['cwnd', 'estimate', 'bbr', 'waves', 'probe', 'tokens', 'ackreg', 'queue', 'aqm', 'timeseq', 'path', 'metrics', 'rates'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** Panels about the network rather than the sender: not shown in the sender's view. */
export const TRUTH_PANELS: readonly PanelId[] = ['queue', 'aqm', 'path', 'ackreg', 'metrics', 'rates'];
