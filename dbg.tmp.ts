import { runScenario } from './src/engine/run.ts';
import { getPreset } from './src/scenarios/presets/index.ts';
import { applySet } from './src/scenarios/set.ts';
import { parseScenario } from './src/scenarios/validate.ts';
const [variant, sack, per, dur] = [process.argv[2] ?? 'bbr', process.argv[3] === 'on', Number(process.argv[4] ?? 0.01), Number(process.argv[5] ?? 100)];
let input: unknown = getPreset('reference-2mbps')?.scenario;
for (const s of [`flows.0.variant=${variant}`, `flows.0.tcp.sack=${sack}`, `path.0.forward.errors=[{"kind":"bernoulli","per":${per}}]`, `durationS=${dur}`]) input = applySet(input, s);
const r = parseScenario(input); if (!r.ok) throw new Error('x');
const res = runScenario(r.scenario, { seed: 1 });
const t = res.trace;
const f = res.flows[0];
console.log('goodput', f.goodputBps / 1e6, 'retx', f.retransmissions, 'timeouts', f.timeouts, 'fr', f.fastRetransmits);
// per-second: drops by cause, bw estimate, cwnd, state changes
const per1 = new Map<number, string[]>();
const sec = (ns: number) => Math.floor(ns / 1e9);
const add = (s: number, x: string) => { if (!per1.has(s)) per1.set(s, []); per1.get(s)!.push(x); };
const dropCount = new Map<number, number[]>();
for (let i = 0; i < t.drop.tNs.length; i++) { const s = sec(t.drop.tNs[i]); const a = dropCount.get(s) ?? [0, 0]; a[t.drop.cause[i] === 0 ? 0 : 1]++; dropCount.set(s, a); }
const est = new Map<number, number>();
for (let i = 0; i < t.estimate.tNs.length; i++) if (t.estimate.key[i] === 0) est.set(sec(t.estimate.tNs[i]), t.estimate.value[i]);
const cw = new Map<number, number>();
for (let i = 0; i < t.cwnd.tNs.length; i++) cw.set(sec(t.cwnd.tNs[i]), t.cwnd.cwndBytes[i]);
const st = ['open','disorder','recovery','loss','cwr'];
for (let i = 0; i < t.castate.tNs.length; i++) if (st[t.castate.to[i]] === 'loss') add(sec(t.castate.tNs[i]), 'TIMEOUT@' + (t.castate.tNs[i]/1e9).toFixed(2));
const lim = Number(process.argv[6] ?? 30);
for (let s = 0; s < Math.min(dur, lim); s++) console.log(s, 'drops(q,ch)', (dropCount.get(s) ?? [0,0]).join(','), 'btlbw', ((est.get(s) ?? NaN)/1e6).toFixed(3), 'cwnd', ((cw.get(s) ?? NaN)/1000).toFixed(1), (per1.get(s) ?? []).join(' '));
