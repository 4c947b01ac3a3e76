/**
 * The path picture's packet window: observing packets hop by hop changes nothing in the run
 * (same trace hash with and without it), and what it says is where every packet is agrees with
 * the trace at every instant checked — each queue holds what the queue table says, and every
 * packet the sender put on the path and that has neither been dropped nor come back as an ACK
 * is somewhere on it (conservation, from the send, drop and ack tables).
 */
import { describe, expect, it } from 'vitest';
import { buildSimulation } from '../../src/engine/build.ts';
import { ColumnarSink, traceHash, type TraceData } from '../../src/engine/core/trace.ts';
import { PacketWindowRecorder, type PacketWindow } from '../../src/engine/net/hop-log.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { packetsAt } from '../../src/ui/charts/pathModel.ts';
import { PacketWindows } from '../../src/worker/packetWindow.ts';

function preset(name: string, durationS: number): Scenario {
  const p = parseScenario(getPreset(name)?.scenario);
  if (!p.ok) throw new Error(`${name} does not validate`);
  return { ...p.scenario, durationS };
}

/** Propagation delay per trace link index (path links, then access links; forward then reverse). */
function delaysNs(s: Scenario): number[] {
  return [...s.path, ...s.flows.map((f) => f.access)].flatMap((l) => [l.forward.delayMs * 1e6, l.reverse.delayMs * 1e6]);
}

const countAtOrBefore = (tNs: Float64Array, t: number, keep: (i: number) => boolean = () => true): number => {
  let n = 0;
  for (let i = 0; i < tNs.length && tNs[i] <= t; i++) if (keep(i)) n++;
  return n;
};

/** The queue table's value for a link at t: the last row at or before t (0 before any). */
function queueFromTrace(trace: TraceData, link: number, tNs: number): number {
  let v = 0;
  for (let i = 0; i < trace.queue.tNs.length && trace.queue.tNs[i] <= tNs; i++) if (trace.queue.link[i] === link) v = trace.queue.packets[i];
  return v;
}

describe('packet window', () => {
  it('leaves the run unchanged: same trace hash with hop observers on every link', () => {
    for (const name of ['reference-2mbps', 'real-handoff', '3g-ack-regulator']) {
      const s = preset(name, 8);
      const plain = traceHash(runScenario(s).trace);
      const sink = new ColumnarSink();
      const sim = buildSimulation(s, s.seed, sink);
      const recorder = new PacketWindowRecorder(3e9);
      for (const l of sim.links) l.hops = recorder;
      sim.run();
      expect(recorder.collect(sim.sim.now()).inNs.length, name).toBeGreaterThan(0);
      expect(traceHash(sink.finish()), name).toBe(plain);
    }
  });

  it('puts every packet somewhere: queues as the queue table says, the rest on the wires', () => {
    const s = preset('reference-2mbps', 30);
    const trace = runScenario(s).trace;
    const windows = new PacketWindows();
    const delays = delaysNs(s);
    let sawQueue = false;
    let sawDropBefore = false;
    for (const tS of [0.35, 2.2, 7.91, 12.5, 19.04, 26.6]) {
      const tNs = tS * 1e9;
      const w = windows.get({ scenario: s, fromS: tS - 0.5, toS: tS + 0.5 });
      const at = packetsAt(w, tNs, delays);
      for (let link = 0; link < delays.length; link++) {
        const drawn = at.queues.get(link)?.length ?? 0;
        expect(drawn, `link ${link} at ${tS} s`).toBe(queueFromTrace(trace, link, tNs));
        if (drawn > 0) sawQueue = true;
      }
      // no delayed ACKs: every data packet that reaches the receiver becomes one ACK on the way back
      const sent = countAtOrBefore(trace.send.tNs, tNs);
      const dropped = countAtOrBefore(trace.drop.tNs, tNs);
      const acked = countAtOrBefore(trace.ack.tNs, tNs);
      if (dropped > 0) sawDropBefore = true;
      let onPath = at.wire.length;
      for (const q of at.queues.values()) onPath += q.length;
      expect(onPath, `packets on the path at ${tS} s`).toBe(sent - dropped - acked);
      for (const p of at.wire) {
        expect(p.trail).toBeGreaterThanOrEqual(0);
        expect(p.lead).toBeLessThanOrEqual(1);
        expect(p.lead).toBeGreaterThanOrEqual(p.trail);
      }
    }
    expect(sawQueue).toBe(true);
    expect(sawDropBefore).toBe(true);
  });

  it('gives the same window carrying on from the last one as starting over', () => {
    const s = preset('real-handoff', 20);
    const playing = new PacketWindows();
    playing.get({ scenario: s, fromS: 4, toS: 6 });
    const next = playing.get({ scenario: s, fromS: 6, toS: 8 });
    const fresh = new PacketWindows().get({ scenario: s, fromS: 6, toS: 8 });
    const cols = (w: PacketWindow) => ({ link: [...w.link], inNs: [...w.inNs], endNs: [...w.endNs], cause: [...w.cause] });
    expect(next.inNs.length).toBeGreaterThan(0);
    expect(cols(next)).toEqual(cols(fresh));
  });

  it('sliced, as a run worker computes it, gives the same window; a newer window of the same run stops it', async () => {
    const s = preset('real-handoff', 20);
    const cols = (w: PacketWindow) => ({ link: [...w.link], inNs: [...w.inNs], endNs: [...w.endNs], cause: [...w.cause] });
    const whole = new PacketWindows().get({ scenario: s, fromS: 6, toS: 8 });
    let pauses = 0;
    const sliced = await new PacketWindows().getSliced({ scenario: s, fromS: 6, toS: 8 }, 1000, async () => void pauses++);
    expect(pauses).toBeGreaterThan(1);
    expect(cols(sliced)).toEqual(cols(whole));

    // the first pause asks the same run for a later window: the first gives way, the later one completes
    const windows = new PacketWindows();
    let later: Promise<PacketWindow> | null = null;
    const first = windows.getSliced({ scenario: s, fromS: 2, toS: 4 }, 1000, async () => {
      later ??= windows.getSliced({ scenario: s, fromS: 6, toS: 8 }, 1000, async () => {});
    });
    await expect(first).rejects.toThrow('superseded by a newer packet window');
    expect(cols(await later!)).toEqual(cols(whole));
  });
});
