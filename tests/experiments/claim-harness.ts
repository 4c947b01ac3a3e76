/**
 * `claimTest(record, measure)`: the replacement for `it.fails` in tests/claims. The test passes
 * when the measured outcome matches the record's status (reproduced / not reproduced), fails with
 * advice when it does not, and fails when the measurement crashes.
 */
import { it } from 'vitest';
import { checkClaim, type ClaimOutcome, type ClaimRecord } from '../../src/experiments/claims.ts';

export function claimTest(record: ClaimRecord, measure: () => ClaimOutcome | Promise<ClaimOutcome>, timeoutMs?: number): void {
  it(
    `${record.id} [${record.status}]: ${record.statement}`,
    async () => {
      const j = await checkClaim(record, measure);
      if (!j.ok) throw new Error(j.message);
    },
    timeoutMs,
  );
}
