/**
 * The NewReno-LP paper's Figs. 4–6 ordering (Martignon & Fratta, §5.1): under independent
 * wireless losses the Westwood source "achieved higher goodput than the other TCP versions",
 * "especially when the packet error rate was high". Topology of Fig. 1 without cross traffic
 * (lp-uncorrelated, C_SN = 2 Mb/s, queues of 17 packets, delayed ACKs), PER 0.1 %, 1 %, 5 %,
 * the mean over 3 seeds of 60 s runs.
 *
 * Which Westwood: the paper ran "TCP Westwood with NewReno extensions" from the UCLA ns module
 * ([17]), the original per-ACK estimator of Casetti et al. — our `westwood`. Its per-ACK samples
 * of a small window sent back to back read the bottleneck's rate, so BWE·RTTmin stays near the
 * path's bandwidth-delay product however often the wireless hop drops a packet.
 *
 * Westwood+ (per-RTT sample, Linux tcp_westwood.c) measures what was delivered in each RTT. It
 * is checked where that estimate is the path's rate: at 1 % over the whole run, and at 0.1 % in
 * the steady state the paper reports, taken as the run's second half (30–60 s): the first slow
 * start overshoots while the two-stage filter still holds a fraction of the rate (seed 1: 245 kb/s
 * at the first loss, 1.2 s in), so the first reduction goes to the 2-segment floor and the climb
 * back to the 17-packet pipe takes about 17 s of the run. At 5 % it is not claimed: a flow whose
 * time goes mostly to retransmission timeouts delivers 2–3 segments per RTT, and BWE·RTTmin is
 * then below half the window — Westwood+ cuts deeper than NewReno by design (the validation
 * catalogue states the gap and the experiment showing it).
 */
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { runScenario } from '../../src/engine/run.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

const SEEDS = [1, 2, 3];

function deliveredBytes(variant: string, per: number, seed: number, durationS: number): number {
  const input = structuredClone(getPreset('lp-uncorrelated')!.scenario) as Record<string, unknown> & { path: { forward: { errors: unknown[] } }[]; flows: Record<string, unknown>[] };
  input.cross = [];
  input.seed = seed;
  input.durationS = durationS;
  input.path[1].forward.errors = [{ kind: 'bernoulli', per }];
  input.flows[0] = { ...input.flows[0], variant };
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return runScenario(r.scenario, { trace: false }).flows[0].bytesDelivered;
}

/** Mean goodput over the seeds, bit/s, from `fromS` to 60 s (same seed ⇒ the first fromS seconds are the same run). */
function meanGoodput(variant: string, per: number, fromS = 0): number {
  let sum = 0;
  for (const seed of SEEDS) {
    const before = fromS > 0 ? deliveredBytes(variant, per, seed, fromS) : 0;
    sum += ((deliveredBytes(variant, per, seed, 60) - before) * 8) / (60 - fromS);
  }
  return sum / SEEDS.length;
}

describe('NewReno-LP Figs. 4–6: Westwood-NR (per-ACK westwood) above NewReno under random loss', () => {
  for (const per of [0.001, 0.01, 0.05]) {
    it(`PER ${per * 100} %`, () => {
      expect(meanGoodput('westwood', per)).toBeGreaterThan(meanGoodput('newreno', per));
    });
  }
});

describe('Westwood+ above NewReno where its per-RTT estimate is the path rate', () => {
  it('PER 1 %, whole run', () => {
    expect(meanGoodput('westwood-plus', 0.01)).toBeGreaterThan(meanGoodput('newreno', 0.01));
  });
  it('PER 0.1 %, steady state (30–60 s)', () => {
    expect(meanGoodput('westwood-plus', 0.001, 30)).toBeGreaterThan(meanGoodput('newreno', 0.001, 30));
  });
});
