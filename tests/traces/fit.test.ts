/**
 * "Simulate this path" on the shipped captures of the reference-2mbps recipe: the fitted
 * bottleneck rate is the recipe's 2 Mb/s and the fitted path's base RTT the capture's, within 5 %;
 * running the fitted scenario gives that RTT again; random loss is found where the recipe put it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { differenceSummary, reconstructSimulated } from '../../src/traces/compare.ts';
import { fitPath, fittedScenario, pathBaseRttMs } from '../../src/traces/fit.ts';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';

const DIR = new URL('../../public/samples/', import.meta.url);
const load = (name: string) => reconstruct(importCapture(new Uint8Array(readFileSync(new URL(`${name}.pcap`, DIR)))).connections[0].segments);
/** The bottleneck the samples were measured on (public/samples/README.md). */
const RECIPE_RATE_BPS = 2_000_000;
/**
 * The BBR run's realised random loss, from the iptables counters of that run as
 * public/samples/README.md gives them: 52 of 4665 data packets dropped.
 */
const BBR_REALISED_PER = 52 / 4665;

const within = (got: number, want: number, rel: number) => expect(Math.abs(got - want) / want, `${got} vs ${want}`).toBeLessThanOrEqual(rel);

describe.each([
  ['linux-cubic', 'cubic'],
  ['linux-bbr-per1', 'bbr'],
  ['linux-reno', 'reno'],
] as const)('%s', (name, variant) => {
  const real = load(name);
  const fit = fitPath(real);

  it('fits the bottleneck rate within 5 % of 2 Mb/s and the base RTT within 5 % of the real one', () => {
    within(fit.rateBps, RECIPE_RATE_BPS, 0.05);
    const minRtt = real.summary.rttMs.min as number;
    within(fit.baseRttMs, minRtt, 0.05);
    // the fitted path's own empty-path RTT is that base RTT (delay solved from it)
    within(pathBaseRttMs(fit.rateBps, fit.delayMs, fit.mssBytes + fit.headerBytes, 52), minRtt, 1e-9);
    expect(fit.notes).toEqual([]);
  });

  it('finds random loss only on the lossy run, at about the realised rate', () => {
    if (name === 'linux-bbr-per1') within(fit.randomLossRate, BBR_REALISED_PER, 0.2);
    else expect(fit.randomLossRate).toBe(0);
  });

  it('runs as a valid scenario whose simulated minimum RTT is the real one within 5 %', () => {
    const parsed = parseScenario(fittedScenario(fit, variant, `${name}.pcap`));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const res = runScenario(parsed.scenario, { trace: ['send', 'ack', 'cwnd'] });
    const sim = reconstructSimulated(res.trace, 0, fit.mssBytes, fit.sack);
    within(sim.summary.rttMs.min as number, real.summary.rttMs.min as number, 0.05);
    const rows = differenceSummary(real, sim, res.trace.cwnd);
    expect(rows.map((r) => r.measure)).toEqual(['goodput', 'retransmissions', 'RTT median', 'RTT p95', 'window p5', 'window p95']);
    for (const r of rows) {
      expect(Number.isFinite(r.real), r.measure).toBe(true);
      expect(Number.isFinite(r.simulated), r.measure).toBe(true);
    }
    // both sides of the comparison are on the same bottleneck: neither exceeds its payload rate
    const payloadCap = (fit.rateBps * fit.mssBytes) / (fit.mssBytes + fit.headerBytes) / 1e6;
    expect(rows[0].real as number).toBeLessThanOrEqual(payloadCap * 1.01);
    expect(rows[0].simulated as number).toBeLessThanOrEqual(payloadCap * 1.01);
  });
});
