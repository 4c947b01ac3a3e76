/**
 * Issue 34's outcome table: for each bufferbloat-cures preset (the same 10 Mb/s path and seed,
 * only the queue differs) and the two ECN pairings, per bottleneck queue the median and 99th
 * percentile sojourn time of the packets that left it after a 5 s warm-up (per DualPI2 queue),
 * utilisation after the warm-up, drops by cause and marks, and per flow goodput and mean RTT.
 * The deep FIFO has no sojourn trace (not an AQM): its queueing delay is the mean queue ×
 * packet time. Prints figures only.
 *
 *   node --import tsx bench/aqm-table.ts [seed]
 */
import { runScenario } from '../src/engine/run.ts';
import { getPreset } from '../src/content/presets/index.ts';
import { parseScenario } from '../src/scenario/validate.ts';

const PRESETS = ['cures-deep-fifo', 'cures-red', 'cures-codel', 'cures-fq-codel', 'cures-pie', 'dctcp-vs-cubic-ecn', 'l4s-dualpi2'];
const WARMUP_S = 5;
const seed = Number(process.argv[2] ?? 1);

const quantile = (xs: number[], q: number): string => (xs.length === 0 ? '—' : xs[Math.min(xs.length - 1, Math.floor(q * xs.length))].toFixed(2));

for (const name of PRESETS) {
  const r = parseScenario(getPreset(name)?.scenario);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  const run = runScenario(r.scenario, { seed, trace: ['aqm'] });
  const li = run.links.findIndex((l) => l.id === 'bottleneck/fwd');
  const link = run.links[li];
  const byQueue: number[][] = [[], []];
  let leftAfterWarmup = 0;
  const t = run.trace.aqm;
  for (let i = 0; i < t.tNs.length; i++) {
    if (t.link[i] !== li || t.tNs[i] < WARMUP_S * 1e9) continue;
    // Two rows only for DualPI2 (L4S = 1); FQ-CoDel's flow queues are pooled here.
    const dual = r.scenario.path[0]?.forward.queue.kind === 'dualpi2';
    byQueue[dual ? t.queue[i] : 0].push(t.sojournNs[i] / 1e6);
    leftAfterWarmup++;
  }
  for (const q of byQueue) q.sort((a, b) => a - b);
  const durationS = r.scenario.durationS;
  const util = leftAfterWarmup > 0 ? ((leftAfterWarmup * 1500 * 8) / (durationS - WARMUP_S) / link.rateBps).toFixed(3) : `${link.utilization.toFixed(3)} (whole run)`;
  const sojourn = byQueue[1].length > 0 ? `Classic med ${quantile(byQueue[0], 0.5)} p99 ${quantile(byQueue[0], 0.99)} ms, L4S med ${quantile(byQueue[1], 0.5)} p99 ${quantile(byQueue[1], 0.99)} ms` : byQueue[0].length > 0 ? `sojourn med ${quantile(byQueue[0], 0.5)} p99 ${quantile(byQueue[0], 0.99)} ms` : `mean queueing ${((link.meanQueuePackets * 1500 * 8 * 1000) / link.rateBps).toFixed(1)} ms`;
  const drops = Object.entries(link.drops)
    .filter(([, n]) => n > 0)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  console.log(`${name}: ${sojourn}; utilisation ${util}; drops ${drops || 'none'}; marks ${link.marks}`);
  for (const f of run.flows) console.log(`  ${f.id} (${f.variant}): ${(f.goodputBps / 1e6).toFixed(2)} Mb/s, mean RTT ${f.meanRttMs?.toFixed(1) ?? '—'} ms, ECN reductions ${f.ecnReductions}`);
}
