/**
 * How a run set names its captured run, on its own: the first chart and the panel grid ask it on
 * every first visit, and the rest of ./capturedRun.ts (which re-exports these) comes only with an
 * imported capture.
 */
import type { VariantRun } from '../state/runSet.ts';

/** The key of the captured run in a run set (simulated runs' keys are `scenario` or `v-…`). */
export const CAPTURED_KEY = 'captured';

export const isCaptured = (run: Pick<VariantRun, 'key'>): boolean => run.key === CAPTURED_KEY;
