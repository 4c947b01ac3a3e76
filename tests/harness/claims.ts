/**
 * `claimTest(record, measure)`: the replacement for `it.fails` in tests/claims. The test passes
 * when the measured outcome matches the record's status (reproduced / not reproduced), fails with
 * advice when it does not, and fails when the measurement crashes.
 * With CLAIMS_VERBOSE=1 every judgement is printed with its figures, for a note or a record's
 * analysis (`CLAIMS_VERBOSE=1 npx vitest run --project node tests/claims`).
 */
import { it } from 'vitest';
import { checkClaim, type ClaimOutcome, type ClaimRecord } from '../../src/experiments/claims.ts';

export function claimTest(record: ClaimRecord, measure: () => ClaimOutcome | Promise<ClaimOutcome>, timeoutMs?: number): void {
  it(
    `${record.id} [${record.status}]: ${record.statement}`,
    async () => {
      const j = await checkClaim(record, measure);
      if (process.env.CLAIMS_VERBOSE) console.log(j.message);
      if (!j.ok) throw new Error(j.message);
    },
    timeoutMs,
  );
}
