/**
 * Trace fingerprints: the trace hash of every preset × variant (each flow of the preset set to
 * the variant) × seeds 1–3, of the large-window bench paths, and of random scenarios from the
 * property tests' generator. A refactoring that must not change behaviour (the SACK scoreboard)
 * is checked by writing the fingerprints before it and checking them after:
 *
 *   npm run fingerprints -- --write before.json
 *   npm run fingerprints -- --check before.json
 *
 * A command, not a test: the fingerprints change whenever behaviour is meant to change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { variantNames } from '../../src/engine/tcp/cc/registry.ts';
import { PRESETS } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { applySet } from '../../src/scenario/set.ts';
import { checkedRun } from './invariants.ts';
import { scenarioArb } from './scenario-arb.ts';

const RANDOM_RUNS = Number(process.env.FINGERPRINT_RANDOM ?? 200);

function parse(input: unknown, sets: string[] = []): Scenario {
  let v = input;
  for (const s of sets) v = applySet(v, s);
  const r = parseScenario(v);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

function* cases(): Generator<[string, Scenario, number]> {
  for (const p of PRESETS) {
    const base = parse(p.scenario);
    for (const variant of variantNames()) {
      const s: Scenario = { ...base, flows: base.flows.map((f) => ({ ...f, variant })) };
      for (const seed of [1, 2, 3]) yield [`${p.name}/${variant}/${seed}`, s, seed];
    }
  }
  const ref = PRESETS.find((p) => p.name === 'reference-2mbps');
  if (ref) {
    for (const variant of ['newreno', 'sack', 'cubic', 'bbr']) {
      const s = parse(ref.scenario, ['durationS=3', 'path.0.forward.rateBps=1e9', 'path.0.forward.queue.limitPackets=3000', 'flows.0.access.forward.rateBps=10e9', 'flows.0.tcp.rwndSegments=20000', 'flows.0.tcp.sack=true', `flows.0.variant=${variant}`]);
      yield [`1gbps/${variant}/1`, s, 1];
    }
  }
  // The generator's scenarios carry their own seed.
  const randoms = fc.sample(scenarioArb, { numRuns: RANDOM_RUNS, seed: 6675 });
  for (let i = 0; i < randoms.length; i++) yield [`random/${i}`, randoms[i], randoms[i].seed];
}

const args = process.argv.slice(2);
const mode = args[0];
const file = args[1];
if ((mode !== '--write' && mode !== '--check') || !file) {
  console.error('usage: fingerprints --write FILE | --check FILE');
  process.exit(2);
}
const expected: Record<string, string> = mode === '--check' ? JSON.parse(readFileSync(file, 'utf8')) : {};
const got: Record<string, string> = {};
let differ = 0;
let n = 0;
for (const [key, s, seed] of cases()) {
  const hash = checkedRun(s, seed).hash;
  got[key] = hash;
  n++;
  if (mode === '--check' && expected[key] !== hash) {
    differ++;
    console.log(`differs: ${key} (${expected[key] ?? 'absent'} → ${hash})`);
  }
}
if (mode === '--write') {
  writeFileSync(file, JSON.stringify(got, null, 1) + '\n');
  console.log(`${n} fingerprints written to ${file}`);
} else {
  console.log(`${n} runs, ${differ} differ`);
  process.exit(differ > 0 ? 1 : 0);
}
