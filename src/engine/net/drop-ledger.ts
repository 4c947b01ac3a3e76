/**
 * Ground truth of data losses, per flow: the cause of the latest drop of each data segment (by
 * its first byte). The sender consults it only to score a loss-differentiating variant's verdict
 * (and for NewReno-Ideal-LP, whose verdict is the truth by definition); no real TCP has this.
 */
import type { DropCause } from '../core/trace.ts';

export class DropLedger {
  private readonly byFlow = new Map<number, Map<number, DropCause>>();

  record(flow: number, seq: number, cause: DropCause): void {
    let m = this.byFlow.get(flow);
    if (m === undefined) {
      m = new Map();
      this.byFlow.set(flow, m);
    }
    m.set(seq, cause);
  }

  /** Cause of the latest drop of the segment starting at `seq`, or null if it was never dropped. */
  cause(flow: number, seq: number): DropCause | null {
    return this.byFlow.get(flow)?.get(seq) ?? null;
  }
}
