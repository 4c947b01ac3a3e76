/**
 * Loss-differentiation scoring: every verdict a classifying variant gives (congestion or
 * wireless) is scored against the ground truth, the cause the drop ledger recorded for the
 * segment at sndUna. It lives on the metrics side: the sender only asks the variant for its
 * verdict, and the results' accuracy (metrics.ts `classification`) is read from these counts.
 */
import { LOSS_TRUTHS, truthOfCause, VERDICTS, type LossTruth, type Verdict } from './core/trace.ts';
import type { DropLedger } from './net/drop-ledger.ts';

/** Loss events a classifying variant judged, by verdict and ground truth. */
export type ConfusionCounts = Record<Verdict, Record<LossTruth, number>>;

export class VerdictScore {
  readonly counts: ConfusionCounts = confusionZero();

  /** `ledger` null: no ground truth (every loss event counts as `none`). */
  constructor(
    private readonly ledger: DropLedger | null,
    private readonly flow: number,
    private readonly mssBytes: number,
  ) {}

  /** Count a verdict on the loss of the segment holding byte `seq`; returns that segment's truth. */
  score(seq: number, verdict: Verdict): LossTruth {
    const truth = truthOfCause(this.ledger === null ? null : this.ledger.cause(this.flow, seq - (seq % this.mssBytes)));
    this.counts[verdict][truth]++;
    return truth;
  }
}

function confusionZero(): ConfusionCounts {
  const row = (): Record<LossTruth, number> => Object.fromEntries(LOSS_TRUTHS.map((t) => [t, 0])) as Record<LossTruth, number>;
  return Object.fromEntries(VERDICTS.map((v) => [v, row()])) as ConfusionCounts;
}
