/**
 * Issue 15's "done when" table: for every variant with SACK off and on, goodput and
 * retransmissions against real data drops on the reference-2mbps path (2 Mb/s, 100 ms RTT,
 * 25-packet drop-tail buffer) under Bernoulli PER 0 … 5 %, seeds 1–5, 100 s, and on its
 * 10 Mb/s / 125-packet variant. Prints figures only (mean over the seeds; retx/drops is the
 * ratio of the sums; TO = timeouts summed over the seeds).
 *
 *   node --import tsx bench/recovery-table.ts [variant,variant…] [per,per…] [2|10]
 */
import { runScenario } from '../src/engine/run.ts';
import { variantNames } from '../src/engine/tcp/cc/registry.ts';
import { getPreset } from '../src/content/presets/index.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import { applySet } from '../src/scenario/set.ts';
import { parseScenario } from '../src/scenario/validate.ts';

const SEEDS = [1, 2, 3, 4, 5];
const variants = process.argv[2] ? process.argv[2].split(',') : variantNames();
const pers = process.argv[3] ? process.argv[3].split(',').map(Number) : [0, 0.001, 0.005, 0.01, 0.02, 0.05];
const paths = process.argv[4] ? [Number(process.argv[4])] : [2, 10];

function scenario(variant: string, sack: boolean, per: number, mbps: number): Scenario {
  let input: unknown = getPreset('reference-2mbps')?.scenario;
  const sets = [`flows.0.variant=${variant}`, `flows.0.tcp.sack=${sack}`, `path.0.forward.errors=${per > 0 ? `[{"kind":"bernoulli","per":${per}}]` : '[]'}`];
  if (mbps === 10) sets.push('path.0.forward.rateBps=10e6', 'path.0.forward.queue.limitPackets=125');
  for (const s of sets) input = applySet(input, s);
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

const pad = (s: string, n: number): string => s.padEnd(n);
for (const mbps of paths) {
  console.log(`\n${mbps} Mb/s, 100 ms, ${mbps === 2 ? 25 : 125}-packet buffer: goodput Mb/s  retx/drops  timeouts (5 seeds)`);
  console.log(pad('variant', 18) + pad('sack', 6) + pers.map((p) => pad(`PER ${p * 100} %`, 24)).join(''));
  for (const variant of variants) {
    for (const sack of [false, true]) {
      const cells = pers.map((per) => {
        const sc = scenario(variant, sack, per, mbps);
        let goodput = 0;
        let retx = 0;
        let drops = 0;
        let timeouts = 0;
        for (const seed of SEEDS) {
          const r = runScenario(sc, { seed, trace: ['drop'] });
          const f = r.flows[0];
          goodput += f.goodputBps / SEEDS.length;
          retx += f.retransmissions;
          timeouts += f.timeouts;
          const d = r.trace.drop;
          for (let i = 0; i < d.tNs.length; i++) if (d.isAck[i] === 0 && d.flow[i] === 0) drops++;
        }
        return pad(`${(goodput / 1e6).toFixed(3)} ${retx}/${drops} ${timeouts}`, 24);
      });
      console.log(pad(variant, 18) + pad(sack ? 'on' : 'off', 6) + cells.join(''));
    }
  }
}
