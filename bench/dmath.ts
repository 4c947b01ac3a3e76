/**
 * What the deterministic math (src/engine/core/dmath.ts) costs next to the host's Math: ns per
 * call over a million varied inputs, median of 5 rounds. Prints figures only.
 *
 *   node --import tsx bench/dmath.ts
 */
import { dcbrt, dexp, dlog, dpow } from '../src/engine/core/dmath.ts';

const N = 1_000_000;
const xs = Float64Array.from({ length: N }, (_, i) => 0.001 + ((i * 7919) % N) / 1000);
const us = Float64Array.from({ length: N }, (_, i) => ((i * 104729) % N) / N);

function time(f: (x: number) => number, inputs: Float64Array): number {
  const rounds: number[] = [];
  let sink = 0;
  for (let r = 0; r < 5; r++) {
    const t = performance.now();
    for (let i = 0; i < inputs.length; i++) sink += f(inputs[i]);
    rounds.push(((performance.now() - t) * 1e6) / inputs.length);
  }
  if (sink === 42) console.log(''); // keep the loop's results alive
  return rounds.sort((a, b) => a - b)[2];
}

const rows: [string, (x: number) => number, (x: number) => number, Float64Array][] = [
  ['cbrt', (x) => Math.cbrt(x), dcbrt, xs],
  ['log(1 − u)', (u) => Math.log(1 - u), (u) => dlog(1 - u), us],
  ['exp', (x) => Math.exp(-x / 100), (x) => dexp(-x / 100), xs],
  ['pow(1 − u, 0.6)', (u) => Math.pow(1 - u, 0.6), (u) => dpow(1 - u, 0.6), us],
];
console.log('function          Math (ns)  dmath (ns)');
for (const [name, host, ours, inputs] of rows) console.log(`${name.padEnd(16)}  ${time(host, inputs).toFixed(1).padStart(9)}  ${time(ours, inputs).toFixed(1).padStart(10)}`);
