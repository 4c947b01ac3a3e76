/**
 * The loss-recovery plug-in: recoveries import their interface from here. It is declared next to
 * the window algorithm's in ../cc/types.ts, because a variant may carry its own recovery
 * (`CongestionControl.recovery`) and a recovery is handed the same `Conn`; one file keeps the two
 * interfaces from importing each other.
 */
export type { Recovery } from '../cc/types.ts';

/** The recoveries a scenario can name (listed in the catalogue, which the schema reads without the engine). */
export type { RecoveryAlgorithm } from '../../../catalogue/variants.ts';

