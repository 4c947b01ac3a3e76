/**
 * The sender's tracing observer: the framework runs it after every variant hook, so variants
 * never hold the trace (design rule 7). It writes what changed since it last looked: cwnd and
 * ssthresh (table `cwnd`), the variant's declared estimates (`estimate`), and the probe-cycle
 * events the variant reported (`probe`), stamped with the time of the hook.
 */
import type { Simulator } from '../core/simulator.ts';
import type { TraceSink } from '../core/trace.ts';
import type { CongestionControl, Conn, Snapshot } from './cc/types.ts';

export class TraceObserver {
  private lastCwnd = -1;
  private lastSsthresh = -1;
  /** Estimates to trace (the variant's `estimates` names) and their last traced values. */
  private readonly estimateKeys: readonly string[];
  private readonly lastEstimates: number[];
  /** Scratch for the variant's current estimates (reused: asked after every ACK). */
  private readonly estimateValues: number[];

  constructor(
    private readonly trace: TraceSink,
    private readonly sim: Simulator,
    private readonly flow: number,
    private readonly cc: CongestionControl,
  ) {
    this.estimateKeys = cc.estimates && cc.inspect && trace.wants('estimate') ? cc.estimates : [];
    this.lastEstimates = this.estimateKeys.map(() => Number.NaN);
    this.estimateValues = this.estimateKeys.map(() => Number.NaN);
  }

  /** After a hook of the variant (or of its recovery) ran on connection `c`. */
  afterHook(c: Conn): void {
    this.cwnd(c);
    if (this.estimateKeys.length > 0) this.estimates(c);
    const probes = this.cc.probeRecords;
    if (probes !== undefined && probes.length > 0) {
      const now = this.sim.now();
      for (const r of probes) this.trace.probe(now, this.flow, r);
      probes.length = 0;
    }
  }

  /** cwnd and ssthresh, when either changed. */
  cwnd(c: Conn): void {
    if (c.cwndBytes === this.lastCwnd && c.ssthreshBytes === this.lastSsthresh) return;
    this.lastCwnd = c.cwndBytes;
    this.lastSsthresh = c.ssthreshBytes;
    this.trace.cwnd(this.sim.now(), this.flow, c.cwndBytes, c.ssthreshBytes);
  }

  private estimates(c: Conn): void {
    const values = this.estimateValues;
    if (this.cc.estimateValues) this.cc.estimateValues(c, values);
    else {
      const snap = (this.cc.inspect as (c: Conn) => Snapshot)(c);
      for (let i = 0; i < this.estimateKeys.length; i++) {
        const v = snap[this.estimateKeys[i]];
        values[i] = typeof v === 'number' ? v : Number.NaN;
      }
    }
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      // Only finite numbers: an estimate not formed yet (Infinity, NaN) has nothing to plot.
      if (!Number.isFinite(v) || v === this.lastEstimates[i]) continue;
      this.lastEstimates[i] = v;
      this.trace.estimate(this.sim.now(), this.flow, i, v);
    }
  }
}
