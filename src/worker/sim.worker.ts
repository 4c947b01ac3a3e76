/**
 * Worker entry: the engine behind Comlink, so the main thread never blocks on a run. Runs are
 * sliced and latest-wins (./runner.ts); between slices the worker yields through a
 * MessageChannel, a macrotask without setTimeout's 4 ms clamp for nested timers. The path
 * picture's packet windows are computed here too, sliced the same way, and give way to any run.
 */
import * as Comlink from 'comlink';
import type { PacketWindows } from './packetWindow.ts';
import { HEARTBEAT_EVERY_MS, type Heartbeat, type SimApi } from './protocol.ts';
import { createRunner, SLICE_EVENTS, SUPERSEDED, YIELD_EVERY_MS, type Progress } from './runner.ts';
import { traceTransferables } from './transfer.ts';
import { preloadRest, prepareScenario } from './engineModules.ts';

const waiting: (() => void)[] = [];
const channel = new MessageChannel();
channel.port1.onmessage = () => waiting.shift()?.();
const yieldNow = (): Promise<void> =>
  new Promise((resume) => {
    waiting.push(resume);
    channel.port2.postMessage(0);
  });

// Signs of life for the main thread's liveness check (client.ts), a few per second at most.
// They carry no Comlink id, so Comlink's own listener ignores them.
let lastBeatMs = -Infinity;
const heartbeat = ({ events }: Progress): void => {
  const now = performance.now();
  if (now - lastBeatMs < HEARTBEAT_EVERY_MS) return;
  lastBeatMs = now;
  const beat: Heartbeat = { tcpLabHeartbeat: events };
  self.postMessage(beat);
};

const runner = createRunner(yieldNow, () => performance.now(), YIELD_EVERY_MS, heartbeat, prepareScenario);
/** After the first run or warm-up, the engine modules this worker has not loaded yet come in the background. */
const preload = (): void => void preloadRest((ms) => new Promise((done) => setTimeout(done, ms)));

/** Loaded at the first packet window: a page without the path panel never needs it. */
let windows: Promise<[PacketWindows, typeof import('./packetWindow.ts')]> | null = null;
/** Counts the runs and cancels received: a packet window being computed gives way to them. */
let runsAsked = 0;

const api: SimApi = {
  ping: () => true,
  async run(scenario, opts) {
    runsAsked++;
    const result = await runner.run(scenario, opts).finally(preload);
    result.sentAtEpochMs = performance.timeOrigin + performance.now();
    return Comlink.transfer(result, traceTransferables(result.trace));
  },
  traceHash: (ticket) => runner.traceHash(ticket),
  cancel() {
    runsAsked++;
    runner.cancel();
  },
  warmUp: (scenario, variants) => runner.warmUp(scenario, variants).finally(preload),
  async packetWindow(req) {
    const asked = runsAsked;
    const [sessions, { windowBuffers }] = await (windows ??= import('./packetWindow.ts').then((m) => [new m.PacketWindows(), m]));
    if (runsAsked !== asked) throw new Error(SUPERSEDED);
    // the displayed run loaded what its scenario needs; a window asked for first waits for it too
    await prepareScenario(req.scenario);
    if (runsAsked !== asked) throw new Error(SUPERSEDED);
    let lastYield = performance.now();
    const w = await sessions.getSliced(req, SLICE_EVENTS, async () => {
      if (performance.now() - lastYield < YIELD_EVERY_MS) return;
      await yieldNow();
      lastYield = performance.now();
      if (runsAsked !== asked) throw new Error(SUPERSEDED);
    });
    return Comlink.transfer(w, windowBuffers(w));
  },
};

Comlink.expose(api);
