/**
 * Recovery registry: `tcp.recovery` → a fresh recovery for one flow. "auto" gives SACK with PRR
 * wherever SACK blocks are on (what every current stack runs), otherwise the recovery the
 * variant's paper or RFC implies (its plug-in's `defaultRecovery`).
 */
import type { VariantInfo } from '../../../catalogue/variants.ts';
import { ENGINE_MODULES, type EngineModules } from '../../modules.ts';
import { createNewReno } from './newreno.ts';
import { createReno } from './reno.ts';
import { createTahoe } from './tahoe.ts';
import type { Recovery, RecoveryAlgorithm } from './types.ts';

export type RecoveryChoice = RecoveryAlgorithm | 'auto';

/** The algorithm a flow runs: `choice` resolved for this variant and SACK setting. */
export function resolveRecovery(choice: RecoveryChoice, variant: Pick<VariantInfo, 'defaultRecovery'>, sackOn: boolean): RecoveryAlgorithm {
  if (choice !== 'auto') return choice;
  return sackOn ? 'sack-prr' : variant.defaultRecovery;
}

/** SACK recoveries need the receiver's blocks. */
export const recoveryNeedsSack = (r: RecoveryAlgorithm): boolean => r === 'sack' || r === 'sack-prr';

/** The SACK recoveries come from `modules` (an optional module: the first visit's NewReno does not use them). */
export function createRecovery(r: RecoveryAlgorithm, modules: EngineModules = ENGINE_MODULES): Recovery {
  switch (r) {
    case 'tahoe':
      return createTahoe();
    case 'reno':
      return createReno();
    case 'newreno':
      return createNewReno();
    case 'sack':
      return modules.get('sack-recovery').createSackRecovery(false);
    case 'sack-prr':
      return modules.get('sack-recovery').createSackRecovery(true);
  }
}
