/**
 * "Notice …" lines from the run: for a wireless-only run and a loss-free run, the sentences
 * chosen must say nothing the run contradicts. What the run did is read independently from the
 * raw drop and cwnd tables here, then the sentence chosen is asserted.
 */
import { describe, expect, it } from 'vitest';
import { DROP_CAUSES, FLOW_EVENTS } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { VariantRun } from '../../src/ui/state/runSet.ts';
import { senderTrace } from '../../src/ui/state/senderView.ts';
import { cwndNotice, estimateNotice, queueNotice, timeSeqNotice, tokenNotice, wavesNotice, type NoticeRun } from '../../src/ui/events/notices.ts';

function preset(name: string, edit: (s: Scenario) => Scenario = (s) => s): NoticeRun {
  const parsed = parseScenario(getPreset(name)!.scenario);
  if (!parsed.ok) throw new Error(`${name} invalid`);
  const edited = parseScenario(edit(structuredClone(parsed.scenario)));
  if (!edited.ok) throw new Error(`${name} edit invalid: ${JSON.stringify(edited.errors)}`);
  return runScenario(edited.scenario);
}

/** Data drops by cause, straight from the drop table. */
function dropCauses(run: NoticeRun): Record<string, number> {
  const out: Record<string, number> = {};
  const d = run.trace.drop;
  for (let i = 0; i < d.tNs.length; i++) if (d.isAck[i] === 0) out[DROP_CAUSES[d.cause[i]]] = (out[DROP_CAUSES[d.cause[i]]] ?? 0) + 1;
  return out;
}

describe('notices from a wireless-only run', () => {
  // reference-2mbps with a buffer too big to fill and 2 % channel errors on the bottleneck
  const run = preset('reference-2mbps', (s) => {
    s.durationS = 20;
    s.path[0].forward.queue.limitPackets = 1000;
    s.path[0].forward.errors = [{ kind: 'bernoulli', per: 0.02 }];
    return s;
  });
  const causes = dropCauses(run);

  it('the run really is wireless-only', () => {
    expect(causes['channel-error']).toBeGreaterThan(10);
    expect(causes['queue-overflow'] ?? 0).toBe(0);
  });

  it('cwnd: no sawtooth of overflows, the losses named as the channel’s', () => {
    const text = cwndNotice([run], false);
    expect(text).toMatch(/^Notice: no queue overflowed — all \d+ lost segments \(×\) were lost on the channel\. Is cwnd cut anyway\? \d+ of \d+ reactions cut it\.$/);
    expect(text).not.toMatch(/sawtooth|queue overflows/);
    expect(text).toContain(`all ${causes['channel-error']} lost segments`);
  });

  it('queue: never claims the queue dropped anything', () => {
    const text = queueNotice([run], 0);
    expect(text).toMatch(/^Notice: this queue never overflowed \(at most \d+ of 1\u00a0000 packets waiting\): the run's \d+ losses were on the channel, not here\.$/);
    expect(text).toContain(`the run's ${causes['channel-error']} losses`);
    expect(text).not.toMatch(/when it reaches its limit/);
  });

  it('time–sequence: a flow that lost data gets the gap lesson', () => {
    expect(timeSeqNotice([run], 0)).toMatch(/^Notice the gap after a drop/);
  });
});

describe('notices from a loss-free run', () => {
  const run = preset('short-transfer');

  it('the run really is loss-free and cwnd never falls', () => {
    expect(run.trace.drop.tNs.length).toBe(0);
    const c = run.trace.cwnd.cwndBytes;
    for (let i = 1; i < c.length; i++) expect(c[i]).toBeGreaterThanOrEqual(c[i - 1]);
  });

  it('cwnd: no sawtooth, no cut, no overflow', () => {
    const text = cwndNotice([run], false);
    expect(text).toBe('Notice: nothing was lost in this run, so nothing made cwnd shrink: without a loss signal it only grows (or holds at a limit).');
  });

  it('queue, time–sequence and token bucket say nothing was lost', () => {
    expect(queueNotice([run], 0)).toMatch(/^Notice: nothing was dropped here: the queue peaks at \d+ of its 25 packets\.$/);
    expect(timeSeqNotice([run], 0)).toMatch(/^Notice: nothing of this flow was lost/);
    expect(tokenNotice([run], 0)).toMatch(/^Notice: nothing made the sender back off/);
  });

  it('waves and estimates mention only what is there', () => {
    expect(wavesNotice([run])).toMatch(/every wave here arrived fast enough/);
    expect(estimateNotice({ truthLine: false, verdicts: false })).not.toMatch(/truth|verdict|wireless/);
    expect(estimateNotice({ truthLine: true, verdicts: false })).not.toMatch(/verdict|wireless/);
    expect(estimateNotice({ truthLine: false, verdicts: true })).not.toMatch(/truth/);
  });
});

describe('notices from a congested run', () => {
  it('reference-2mbps: the sawtooth of queue overflows, cut at each fast retransmit', () => {
    const run = preset('reference-2mbps', (s) => ({ ...s, durationS: 20 }));
    const causes = dropCauses(run);
    expect(Object.keys(causes)).toEqual(['queue-overflow']);
    expect(cwndNotice([run], false)).toBe(`Notice the sawtooth: cwnd climbs until the queue overflows (${causes['queue-overflow']} drops), then falls at a fast retransmit (▲).`);
    expect(queueNotice([run], 0)).toMatch(new RegExp(`^Notice: the queue drops \\(×, ${causes['queue-overflow']} here\\) when it reaches its limit of 25 packets`));
    // a timed change that moved the limit is named with it, in order
    expect(queueNotice([run], 0, [25, 60])).toMatch(/when it reaches its limit of 25, then 60 packets/);
  });
});

describe("notices in the sender's view (only what the sender could know)", () => {
  // 2 % channel errors: the truth is wireless loss; the sender sees only duplicate ACKs and timeouts
  const run = preset('reference-2mbps', (s) => {
    s.durationS = 20;
    s.path[0].forward.errors = [{ kind: 'bernoulli', per: 0.02 }];
    return s;
  });
  const seen: NoticeRun = { ...run, trace: senderTrace(run.trace) };
  // the sender's own reactions, counted from the raw event table
  const kinds = (k: string): number => run.trace.event.kind.filter((c, i) => run.trace.event.flow[i] === 0 && FLOW_EVENTS[c] === k).length;

  it('the drop table is hidden from the sender, yet the sender reacted', () => {
    expect(seen.trace.drop.tNs.length).toBe(0);
    expect(kinds('fast-retransmit')).toBeGreaterThan(0);
  });

  it('cwnd: names the signals the sender saw, never calls them false alarms', () => {
    const text = cwndNotice([seen], false, 'sender');
    expect(text).not.toMatch(/false alarm|no data segment was dropped|queue overflow(s|ed)\b/);
    expect(text).toContain(`${kinds('fast-retransmit')} third duplicate ACKs (▲)`);
    if (kinds('timeout') > 0) expect(text).toContain(`${kinds('timeout')} timeout`);
    expect(text).toMatch(/cannot tell a queue overflow from a channel error/);
  });

  it('time–sequence: the sender retransmitted, so it is not told nothing was lost', () => {
    expect(timeSeqNotice([seen], 0, 'sender')).toMatch(/^Notice the gaps where the sender retransmitted/);
    // the truth seat reading the emptied table would have said the opposite
    expect(timeSeqNotice([seen], 0)).toMatch(/nothing of this flow was lost/);
  });

  it('a loss-free run: no sign of loss, in the sender’s words', () => {
    const clean = preset('short-transfer');
    const view: NoticeRun = { ...clean, trace: senderTrace(clean.trace) };
    expect(cwndNotice([view], false, 'sender')).toMatch(/^Notice: the sender saw no sign of loss/);
    expect(timeSeqNotice([view], 0, 'sender')).toMatch(/^Notice: the sender never had to retransmit/);
  });
});

describe('token bucket notice: waste is claimed only where the bucket really filled after a back-off', () => {
  /** Takes from a bucket full again after the flow's first back-off, from the raw trace: a take that leaves depth − 1 whole tokens found it full. */
  function refilledTakes(run: NoticeRun, depth: number): number {
    const ev = run.trace.event;
    let firstS = Number.POSITIVE_INFINITY;
    for (let i = 0; i < ev.tNs.length; i++)
      if (ev.flow[i] === 0 && FLOW_EVENTS[ev.kind[i]] !== 'recovery-exit') {
        firstS = ev.tNs[i] / 1e9;
        break;
      }
    const b = run.trace.bucket;
    let drained = false;
    let n = 0;
    for (let i = 0; i < b.tNs.length; i++) {
      if (b.flow[i] !== 0 || b.tNs[i] / 1e9 <= firstS) continue;
      if (b.tokens[i] < depth - 1) drained = true;
      else if (drained) n++;
    }
    return n;
  }

  it.each([
    // 10 tokens per 30 ms (2.7 Mb/s) on the 10 Mb/s link, 0.2 % random loss instead of the bursts
    ['a shallow bucket (depth 20) refills while the sender backs off', 20, true],
    ['a deep bucket (depth 1000) never refills once the sender has drained it', 1000, false],
  ])('%s', async (_name, depth, wastes) => {
    const { tokenBucketHint } = await import('../../src/ui/panels/TokenBucketPanel.tsx');
    const parsed = parseScenario(getPreset('real-token-bucket')!.scenario);
    if (!parsed.ok) throw new Error('preset invalid');
    const scenario = {
      ...parsed.scenario,
      path: parsed.scenario.path.map((l) => ({ ...l, forward: { ...l.forward, errors: l.forward.errors.length > 0 ? [{ kind: 'bernoulli' as const, per: 0.002 }] : [] } })),
      flows: parsed.scenario.flows.map((f, i) => (i === 0 ? { ...f, variant: 'newreno', tokenBucket: { tokensPerInterval: 10, intervalMs: 30, depthTokens: depth } } : f)),
    };
    const checked = parseScenario(scenario);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const result = runScenario(checked.scenario);
    expect(result.trace.event.tNs.length).toBeGreaterThan(0);
    expect(refilledTakes(result, depth) > 0).toBe(wastes);
    const text = tokenBucketHint([{ key: 'a', label: 'a', colour: '#000', dash: null, scenario: checked.scenario, result } as unknown as VariantRun], 0);
    if (wastes) expect(text).toMatch(/bucket fills up \(full for \d+\.\d s\) and tokens arriving then are wasted/);
    else expect(text).toMatch(/the bucket never filled again, so no token was wasted/);
  });
});
