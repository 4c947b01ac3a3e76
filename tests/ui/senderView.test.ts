/** The sender's view hides what a real sender cannot see and keeps what it can measure. */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { applySet } from '../../src/scenario/set.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { senderView } from '../../src/ui/state/senderView.ts';
import { buildRunSet, runJobs } from '../../src/ui/state/runSet.ts';
import type { RunOutput } from '../../src/worker/protocol.ts';

function twoFlowSet() {
  let input: unknown = getPreset('fairness-5flows')!.scenario;
  input = applySet(input, 'durationS=5');
  const r = parseScenario(input);
  if (!r.ok) throw new Error('bad scenario');
  const jobs = runJobs(r.scenario, []);
  const result = runScenario(r.scenario);
  return buildRunSet(jobs, [{ ...result, endS: 5 } as unknown as RunOutput], 0);
}

describe('sender’s view', () => {
  const truth = twoFlowSet();
  const seen = senderView(truth);
  const t = seen.runs[0].result.trace;

  it('hides the queues, drops and their causes, the channel and the available bandwidth', () => {
    expect(truth.runs[0].result.trace.queue.tNs.length).toBeGreaterThan(0);
    expect(truth.runs[0].result.trace.drop.tNs.length).toBeGreaterThan(0);
    for (const table of [t.queue, t.drop, t.channel, t.avail, t.mark, t.verdict, t.ackreg]) expect(Object.values(table).every((c) => c.length === 0)).toBe(true);
  });

  it('hides the other flows', () => {
    expect(seen.runs[0].scenario.flows.map((f) => f.id)).toEqual(['flow1']);
    expect(seen.runs[0].result.flows).toHaveLength(1);
    for (const table of [t.cwnd, t.send, t.ack, t.event]) expect([...new Set(table.flow)]).toEqual([0]);
  });

  it('keeps everything the sender measures itself: its window, sends, ACKs and loss events', () => {
    const own = (col: Float64Array): number => col.filter((f) => f === 0).length;
    const full = truth.runs[0].result.trace;
    expect(t.cwnd.tNs.length).toBe(own(full.cwnd.flow));
    expect(t.ack.tNs.length).toBe(own(full.ack.flow));
    expect(t.send.tNs.length).toBe(own(full.send.flow));
    expect(t.event.tNs.length).toBe(own(full.event.flow));
    expect(t.event.tNs.length).toBeGreaterThan(0);
  });
});
