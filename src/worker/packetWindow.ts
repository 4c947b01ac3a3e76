/**
 * The path picture's packet detail: where every packet is on every link between two times, got
 * by running the displayed scenario again with hop observers on its links (engine/net/hop-log.ts).
 * Runs are deterministic, so the re-run is the displayed run; nothing is traced (the display
 * already has the trace), only the visits overlapping the window are kept.
 *
 * Playback asks for window after window, each starting at or after the last one's end: a session
 * keeps its simulation and carries on from there instead of starting over, so playing costs
 * about what the run itself cost, once. A window before the session's time starts a new run.
 */
import { buildSimulation, type Simulation } from '../engine/build.ts';
import { nullSink } from '../engine/core/trace.ts';
import { PacketWindowRecorder, VISIT_COLUMNS, type PacketWindow } from '../engine/net/hop-log.ts';
import type { Scenario } from '../scenario/schema.ts';
import { applyCaps, DEFAULT_CAPS } from './caps.ts';

export interface PacketWindowRequest {
  /** The scenario as the displayed run was asked for (the same caps are applied). */
  scenario: Scenario;
  /** Overrides `scenario.seed`, as WorkerRunOptions.seed does. */
  seed?: number;
  fromS: number;
  toS: number;
}

export const WINDOW_SUPERSEDED = 'superseded by a newer packet window';

interface Session {
  key: string;
  sim: Simulation;
  recorder: PacketWindowRecorder;
  /** Counts the windows asked of this session: a sliced window stops once a newer one is asked. */
  asked: number;
}

/** Sessions kept: one per compared variant at most (compare mode's limit). */
const MAX_SESSIONS = 6;

export class PacketWindows {
  private sessions: Session[] = [];

  /** The visits overlapping [fromS, toS] (toS clipped to the run's duration), in one go. */
  get(req: PacketWindowRequest): PacketWindow {
    const { s, toNs } = this.open(req);
    s.sim.sim.runUntil(toNs);
    return s.recorder.collect(toNs);
  }

  /**
   * The same, `sliceEvents` engine events at a time with `between()` awaited after each slice:
   * in a run worker a window must not hold up a newer edit's run, so `between` yields to the
   * worker's message loop and throws once a run has come in. A window given up half-way leaves
   * its session where it got to, which a later window continues or replaces as usual.
   */
  async getSliced(req: PacketWindowRequest, sliceEvents: number, between: () => Promise<void>): Promise<PacketWindow> {
    const { s, toNs } = this.open(req);
    const mine = s.asked;
    while (!s.sim.sim.runUntil(toNs, sliceEvents)) {
      await between();
      if (s.asked !== mine) throw new Error(WINDOW_SUPERSEDED);
    }
    return s.recorder.collect(toNs);
  }

  /** The session to answer `req` from, recording from its start; `toNs` clipped to the run. */
  private open(req: PacketWindowRequest): { s: Session; toNs: number } {
    const { scenario } = applyCaps(req.scenario, DEFAULT_CAPS);
    const seed = req.seed ?? scenario.seed;
    const endNs = Math.round(scenario.durationS * 1e9);
    const fromNs = Math.max(0, Math.min(endNs, Math.round(req.fromS * 1e9)));
    const toNs = Math.max(fromNs, Math.min(endNs, Math.round(req.toS * 1e9)));
    const key = `${seed}:${JSON.stringify(scenario)}`;
    let s = this.sessions.find((x) => x.key === key);
    if (s !== undefined) s.asked++;
    if (s !== undefined && s.sim.sim.now() <= fromNs) s.recorder.restart(fromNs);
    else {
      if (s !== undefined) this.sessions.splice(this.sessions.indexOf(s), 1);
      s = start(key, scenario, seed, fromNs);
      this.sessions.push(s);
      if (this.sessions.length > MAX_SESSIONS) this.sessions.shift();
    }
    return { s, toNs };
  }
}

function start(key: string, scenario: Scenario, seed: number, fromNs: number): Session {
  const sim = buildSimulation(scenario, seed, nullSink);
  const recorder = new PacketWindowRecorder(fromNs);
  for (const link of sim.links) link.hops = recorder;
  return { key, sim, recorder, asked: 0 };
}

/** A window's column buffers, to transfer rather than copy it to the main thread. */
export const windowBuffers = (w: PacketWindow): ArrayBuffer[] => VISIT_COLUMNS.map((c) => w[c].buffer as ArrayBuffer);
