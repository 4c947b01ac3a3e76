/**
 * Paper claims as data: each claim is recorded with whether our simulator reproduces it, and why
 * (the analysis). A claim's test measures the outcome and asserts that it matches the record —
 * so it goes red when a non-reproduced claim starts reproducing (update the record and its
 * analysis) or a reproduced one breaks (a regression), and, unlike `it.fails`, it does not pass
 * when the measurement itself crashes: a crash is never an outcome.
 */
export type ClaimStatus = 'reproduced' | 'not reproduced';

export interface ClaimRecord {
  /** Stable id, e.g. `lp/ideal-bound/5-cross-0.01`. */
  id: string;
  /** Paper and where the claim is stated (section, figure, table). */
  source: string;
  /** The claim in the paper's words or the issue's, with the tolerance we test it at. */
  statement: string;
  status: ClaimStatus;
  /** What we measured and why it does or does not hold (required for `not reproduced`). */
  analysis: string;
}

/** A measurement's result: does the claim hold, and the numbers that say so. */
export interface ClaimOutcome {
  holds: boolean;
  detail: string;
}

/** Every check must hold; the detail lists each with its numbers. */
export function allOf(checks: readonly { ok: boolean; text: string }[]): ClaimOutcome {
  if (checks.length === 0) throw new Error('a claim needs at least one check: a measurement with nothing to compare is not an outcome');
  return { holds: checks.every((c) => c.ok), detail: checks.map((c) => `${c.ok ? 'holds' : 'fails'}: ${c.text}`).join('; ') };
}

export interface ClaimJudgement {
  ok: boolean;
  message: string;
}

/** Does the measured outcome match the record? The message says what to do when it does not. */
export function judgeClaim(record: ClaimRecord, outcome: ClaimOutcome): ClaimJudgement {
  if (record.status === 'not reproduced' && record.analysis.trim() === '') {
    return { ok: false, message: `${record.id}: a claim recorded as not reproduced needs its analysis` };
  }
  const expected = record.status === 'reproduced';
  if (outcome.holds === expected) return { ok: true, message: `${record.id}: ${record.status}, as recorded (${outcome.detail})` };
  return {
    ok: false,
    message: outcome.holds
      ? `${record.id} now reproduces (${outcome.detail}) but is recorded as not reproduced — check why, then set its status to "reproduced" and rewrite its analysis.`
      : `${record.id} no longer reproduces (${outcome.detail}) but is recorded as reproduced — a regression, or record it as "not reproduced" with the analysis.`,
  };
}

/**
 * Runs the measurement and judges it. A measurement that throws (or returns no outcome) is a
 * failure with its own message, whatever the record says.
 */
export async function checkClaim(record: ClaimRecord, measure: () => ClaimOutcome | Promise<ClaimOutcome>): Promise<ClaimJudgement> {
  let outcome: ClaimOutcome;
  try {
    outcome = await measure();
  } catch (e) {
    return { ok: false, message: `${record.id}: the measurement crashed — ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!outcome || typeof outcome.holds !== 'boolean') return { ok: false, message: `${record.id}: the measurement returned no outcome` };
  return judgeClaim(record, outcome);
}
