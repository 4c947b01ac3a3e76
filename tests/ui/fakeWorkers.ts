/**
 * Fake simulation workers for the client and pool tests: a MessageChannel with Comlink on the
 * far end, answering run() after a delay with the scenario's seed, or failing for seed 666.
 * Like the real worker (src/worker/runner.ts) they are latest-wins: a newer run() or a cancel()
 * makes the older run reject instead of answering, which `dropped` records.
 */
import * as Comlink from 'comlink';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Scenario } from '../../src/scenario/schema.ts';
import type { RunOutput, SimApi } from '../../src/worker/protocol.ts';

export interface Fake {
  port: MessagePort;
  terminated: boolean;
  /** Seeds of the runs this worker started, in order. */
  started: number[];
  /** Runs in flight on this worker right now. */
  inFlight: number;
  /** Seeds of the runs this worker dropped because something newer arrived. */
  dropped: number[];
  /** cancel() calls received. */
  cancels: number;
  /** Variant lists of warmUp() calls received. */
  warmUps: string[][];
  /** An error event, as a worker that crashed or failed to load fires. */
  fail(): void;
  /** Dies without a word, as a terminated or out-of-memory worker does: nothing is answered any more. */
  kill(): void;
}

export interface FakeOptions {
  /** Post a heartbeat (as the real worker does while running) this often during a run; 0 = never. */
  beatEveryMs?: number;
  /** Workers made while this returns true are dead from the start. */
  bornDead?: () => boolean;
  /** A warm-up takes this long (ms), unless a run or a cancel comes first; 0 = answered at once. */
  warmUpMs?: number;
}

/** Each "worker" answers run() after `delayMs` (or `delayMs(seed)`), echoing the scenario's seed, or throws for seed 666. */
export function fakeWorkers(delayMs: number | ((seed: number) => number), options: FakeOptions = {}) {
  const made: Fake[] = [];
  const factory = (): Worker => {
    const { port1, port2 } = new MessageChannel();
    let dead = options.bornDead?.() ?? false;
    const api: SimApi = {
      ping: () => true,
      run(scenario) {
        if (scenario.seed === 666) throw new Error('engine exploded');
        return { sim: { events: 0, simTimeS: 0, seed: scenario.seed } } as unknown as RunOutput;
      },
      traceHash: () => '',
      cancel() {},
      warmUp: () => 0,
      packetWindow() {
        throw new Error('no packet windows from a fake worker');
      },
    };
    const fake: Fake = {
      port: port1,
      terminated: false,
      started: [],
      inFlight: 0,
      dropped: [],
      cancels: 0,
      warmUps: [],
      fail: () => port1.dispatchEvent(new Event('error')),
      kill: () => {
        dead = true;
      },
    };
    let latest = 0;
    const slow = {
      ping: () => true,
      cancel: () => {
        latest++;
        fake.cancels++;
      },
      warmUp: (_s: Scenario, variants: string[]) => {
        fake.warmUps.push(variants);
        if (!options.warmUpMs) return 0;
        const at = latest;
        return new Promise((ok) => setTimeout(() => ok(at === latest ? variants.length : 0), options.warmUpMs));
      },
      run: (s: Scenario) => {
        const id = ++latest;
        fake.started.push(s.seed);
        fake.inFlight++;
        const beats = options.beatEveryMs ? setInterval(() => dead || port2.postMessage({ tcpLabHeartbeat: 1 }), options.beatEveryMs) : undefined;
        return new Promise((ok, fail) =>
          setTimeout(() => {
            clearInterval(beats);
            if (dead) return; // a dead worker never answers
            fake.inFlight--;
            if (id !== latest) {
              fake.dropped.push(s.seed);
              fail(new Error('superseded by a newer run'));
              return;
            }
            try {
              ok(api.run(s, {}));
            } catch (e) {
              fail(e);
            }
          }, typeof delayMs === 'number' ? delayMs : delayMs(s.seed)),
        );
      },
    };
    // a dead worker's port swallows every request
    const endpoint = {
      postMessage: (m: unknown, t?: Transferable[]) => dead || port2.postMessage(m, t as never),
      addEventListener: (type: string, l: (ev: MessageEvent) => void) => port2.addEventListener(type, (ev) => dead || l(ev as MessageEvent)),
      removeEventListener: () => {},
      start: () => port2.start(),
    };
    Comlink.expose(slow, endpoint as unknown as Comlink.Endpoint);
    made.push(fake);
    const worker = Object.assign(port1, {
      terminate: () => {
        fake.terminated = true;
        port1.close();
        port2.close();
      },
    });
    return worker as unknown as Worker;
  };
  return { factory, made };
}

export const scenario = (seed: number): Scenario => ({ seed, durationS: 1, path: [] }) as unknown as Scenario;
