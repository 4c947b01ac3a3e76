/**
 * The sender's tracing observer: the framework runs it after every variant hook, so variants
 * never hold the trace (a variant is the window algorithm only, docs/engine.md). It writes what changed since it last looked: cwnd and
 * ssthresh (table `cwnd`), the variant's declared estimates (`estimate`), its own mode and
 * phase (`ccstate`), and the probe-cycle events the variant reported (`probe`), stamped with
 * the time of the hook.
 */
import type { Simulator } from '../core/simulator.ts';
import type { RowWriter } from '../core/rows.ts';
import type { TraceSink } from '../core/trace.ts';
import { writeProbe } from '../tables/probe.ts';
import type { CongestionControl, Conn, Estimate } from './cc/types.ts';

export class TraceObserver {
  private lastCwnd = -1;
  private lastSsthresh = -1;
  private lastInflation = 0;
  /** Estimates to trace (the variant's, if the trace wants them) and their last traced values. */
  private readonly tracedEstimates: readonly Estimate[];
  private readonly lastEstimates: number[];
  private readonly probeRows: RowWriter | null;
  private readonly inflationRows: RowWriter | null;
  /** Where the variant's own mode and phase go, if it has a state machine and the trace keeps the table. */
  private readonly stateRows: RowWriter | null;
  private lastMode = -1;
  private lastPhase = -1;

  constructor(
    private readonly trace: TraceSink,
    private readonly sim: Simulator,
    private readonly flow: number,
    private readonly cc: CongestionControl,
  ) {
    this.tracedEstimates = cc.estimates && trace.wants('estimate') ? cc.estimates : [];
    this.lastEstimates = this.tracedEstimates.map(() => Number.NaN);
    this.probeRows = trace.writer('probe');
    this.inflationRows = trace.writer('inflation');
    this.stateRows = cc.ownState ? trace.writer('ccstate') : null;
  }

  /** After a hook of the variant (or of its recovery) ran on connection `c`. */
  afterHook(c: Conn): void {
    this.cwnd(c);
    if (this.tracedEstimates.length > 0) this.estimates(c);
    if (this.stateRows !== null) this.ownState();
    const probes = this.cc.probeRecords;
    if (probes !== undefined && probes.length > 0) {
      const now = this.sim.now();
      if (this.probeRows !== null) for (const r of probes) writeProbe(this.probeRows, now, this.flow, r);
      probes.length = 0;
    }
  }

  /** cwnd and ssthresh, when either changed; the recovery's inflation of cwnd, when it changed. */
  cwnd(c: Conn): void {
    // A variant that sets cwnd itself during a Reno-style recovery (Jersey's cap on a mark) may
    // leave less than the inflation above one segment: the plain window never goes below one MSS.
    const inflation = Math.min(c.inflationBytes, Math.max(0, c.cwndBytes - c.mssBytes));
    if (c.cwndBytes !== this.lastCwnd || c.ssthreshBytes !== this.lastSsthresh) {
      this.lastCwnd = c.cwndBytes;
      this.lastSsthresh = c.ssthreshBytes;
      this.trace.cwnd(this.sim.now(), this.flow, c.cwndBytes, c.ssthreshBytes);
    }
    if (inflation !== this.lastInflation) {
      this.lastInflation = inflation;
      this.inflationRows?.add(this.sim.now(), this.flow, inflation);
    }
  }

  /** The variant's mode and phase, when either changed (the first row is written at the first hook). */
  private ownState(): void {
    const own = this.cc.ownState!;
    const mode = own.mode();
    const phase = own.phase();
    if (mode === this.lastMode && phase === this.lastPhase) return;
    this.lastMode = mode;
    this.lastPhase = phase;
    this.stateRows!.add(this.sim.now(), this.flow, mode, phase);
  }

  private estimates(c: Conn): void {
    const estimates = this.tracedEstimates;
    for (let i = 0; i < estimates.length; i++) {
      const v = estimates[i].read(c);
      // Only finite numbers: an estimate not formed yet (Infinity, NaN) has nothing to plot.
      if (!Number.isFinite(v) || v === this.lastEstimates[i]) continue;
      this.lastEstimates[i] = v;
      this.trace.estimate(this.sim.now(), this.flow, i, v);
    }
  }
}
