/**
 * Scenario → Simulation. Topology: each flow's sender sits behind its own access link to the
 * first router; the shared `path` hops lead from there to the receivers (a dumbbell when there
 * are several flows). ACKs return over the reverse directions of the same links. The builders
 * (build/) return plain records: the links (topology.ts), the flows (flows.ts) and the cross
 * traffic (cross.ts); results.ts reads the results off them.
 */
import type { Scenario } from '../scenario/schema.ts';
import { Rng } from './core/rng.ts';
import { msToNs, sToNs, Simulator, type Handler } from './core/simulator.ts';
import type { TraceSink } from './core/trace.ts';
import { DropLedger } from './net/drop-ledger.ts';
import type { Link } from './net/link.ts';
import type { CrossRuntime } from './build/cross.ts';
import { buildFlow, type FlowRuntime } from './build/flows.ts';
import { buildPath, emptyTopology, type BuildContext } from './build/topology.ts';
import { runResults, type RunRecords, type RunResult } from './results.ts';
import { bottleneckOf } from './bottleneck.ts';
import { ENGINE_MODULES, type EngineModules } from './modules.ts';

export class Simulation {
  constructor(
    private readonly records: RunRecords,
    private readonly durationNs: number,
  ) {}

  get scenario(): Scenario {
    return this.records.scenario;
  }
  get sim(): Simulator {
    return this.records.sim;
  }
  get links(): readonly Link[] {
    return this.records.links;
  }
  get flows(): readonly FlowRuntime[] {
    return this.records.flows;
  }
  get cross(): readonly CrossRuntime[] {
    return this.records.cross;
  }

  /** Run to the scenario's end, at most `maxEvents` events; false if the cap stopped it. */
  run(maxEvents = Number.POSITIVE_INFINITY): boolean {
    return this.sim.runUntil(this.durationNs, maxEvents);
  }

  results(): Omit<RunResult, 'trace'> {
    return runResults(this.records);
  }
}

/**
 * `modules`: where the optional modules (variants, AQMs, …) are found; the process's own set by
 * default, which Node's entry points fill with all of them (./all.ts). Throws, naming it, when
 * the scenario needs a module the set lacks (see ./loaders.ts).
 */
export function buildSimulation(s: Scenario, seed: number, trace: TraceSink, modules: EngineModules = ENGINE_MODULES): Simulation {
  const sim = new Simulator();
  const ctx: BuildContext = { sim, rng: new Rng(seed), trace, ledger: new DropLedger(), modules };
  const topo = emptyTopology();
  if (s.changes.length > 0) modules.get('changes').scheduleChanges(s, topo, ctx);
  buildPath(s.path, topo, ctx);
  const flows = s.flows.map((spec, i) => buildFlow(spec, i, topo, ctx));
  const cross = s.cross.length === 0 ? [] : s.cross.map((c) => modules.get('cross').buildCross(c, topo.path, ctx));
  const bn = bottleneckOf(s.path);
  const bottleneck = bn === null ? null : topo.path[bn.pathIndex].fwd;
  if (bottleneck !== null && trace.wants('avail')) traceAvailable(bottleneck, sim, trace);
  const records: RunRecords = {
    scenario: s,
    seed,
    sim,
    links: topo.links,
    builtLimitsPackets: topo.links.map((l) => l.queue.limitPackets),
    ackRegulators: topo.ackRegulators,
    flows,
    cross,
    bottleneck,
    modules,
  };
  return new Simulation(records, sToNs(s.durationS));
}

declare module './modules.ts' {
  interface OptionalModules {
    changes: typeof import('./build/changes.ts');
    cross: typeof import('./build/cross.ts');
    errors: typeof import('./build/errors.ts');
  }
}

/** Bin width of the available-bandwidth truth: short enough to follow Pareto bursts and CBR steps. */
const AVAIL_BIN_NS = msToNs(100);

/**
 * Available-bandwidth truth: at the end of every bin, the bottleneck's mean rate minus the cross
 * traffic it transmitted during the bin (what was left for the scenario's flows).
 */
function traceAvailable(link: Link, sim: Simulator, trace: TraceSink): void {
  let lastCross = 0;
  const bin: Handler<null> = {
    fire: () => {
      const crossBps = ((link.crossBytesTransmitted - lastCross) * 8 * 1e9) / AVAIL_BIN_NS;
      lastCross = link.crossBytesTransmitted;
      trace.avail(sim.now(), link.index, Math.max(0, link.rateBps - crossBps));
      sim.schedule(AVAIL_BIN_NS, bin, null);
    },
  };
  sim.schedule(AVAIL_BIN_NS, bin, null);
}
