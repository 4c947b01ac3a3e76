/**
 * Engine benchmark: events per second and wall time for the reference scenarios, run in Node
 * with tracing off (what the CLI and the yardstick tests measure) and with the full trace on
 * (what the UI asks for). Prints figures only; nothing here asserts on time.
 *
 *   npm run bench
 *   npm run bench -- --only '1 Gb/s' [--repeats 1] [--trace off]   (cases whose label contains the text)
 */
import { runScenario } from '../src/engine/run.ts';
import { getPreset } from '../src/content/presets/index.ts';
import { parseScenario } from '../src/scenario/validate.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import { applySet } from '../src/scenario/set.ts';
import { variantNames } from '../src/engine/tcp/cc/registry.ts';

function preset(name: string, ...sets: string[]): Scenario {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  let input: unknown = p.scenario;
  for (const s of sets) input = applySet(input, s);
  const r = parseScenario(input);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r.scenario;
}

const cases: { label: string; scenario: Scenario }[] = [
  { label: 'reference-2mbps (100 s)', scenario: preset('reference-2mbps') },
  { label: 'single flow 10 Mb/s (100 s)', scenario: preset('reference-2mbps', 'path.0.forward.rateBps=10e6', 'path.0.forward.queue.limitPackets=125') },
  { label: 'fairness-5flows (100 s)', scenario: preset('fairness-5flows') },
  // The path models' costs: a Gilbert–Elliott channel, a variable-rate link, RED and 30 Pareto sources.
  {
    label: 'wireless + 30 Pareto sources (100 s)',
    scenario: preset(
      'reference-2mbps',
      'path.0.forward.errors=[{"kind":"gilbert-elliott","meanGoodS":1,"meanBadS":0.05,"perBad":0.5}]',
      'path.0.forward.rateSdBps=300000',
      'path.0.forward.extraDelayMeanMs=5',
      'path.0.forward.queue={"kind":"red","limitPackets":50}',
      'cross=[{"id":"udp","kind":"pareto-onoff","sources":30,"rateBps":20000}]',
    ),
  },
  // A window of thousands of segments with over a thousand holes: the scoreboard's worst case.
  ...['newreno', 'sack'].map((variant) => ({
    label: `${variant} 1 Gb/s, 14k-seg window (10 s)`,
    scenario: preset(
      'reference-2mbps',
      'durationS=10',
      'path.0.forward.rateBps=1e9',
      'path.0.forward.queue.limitPackets=3000',
      'flows.0.access.forward.rateBps=10e9',
      'flows.0.tcp.rwndSegments=20000',
      `flows.0.variant=${variant}`,
    ),
  })),
];

// The large-window presets with the variants they compare (CUBIC, BBR, and NewReno, whose recovery with SACK on is SACK with PRR).
for (const name of ['long-fat-100mbps', 'fast-1gbps']) {
  for (const variant of ['cubic', 'bbr', 'newreno']) cases.push({ label: `${name}, ${variant}`, scenario: preset(name, `flows.0.variant=${variant}`) });
}

// Every variant on one wireless path (10 Mb/s, Gilbert–Elliott fades): what each variant's own
// work (estimators, probes, waves, pacing) costs per event.
const wirelessPath = ['path.0.forward.rateBps=10e6', 'path.0.forward.queue.limitPackets=125', 'path.0.forward.errors=[{"kind":"gilbert-elliott","meanGoodS":1,"meanBadS":0.05,"perBad":0.5}]'];
for (const variant of variantNames()) {
  cases.push({ label: `${variant}, wireless 10 Mb/s (100 s)`, scenario: preset('reference-2mbps', ...wirelessPath, `flows.0.variant=${variant}`) });
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const only = option('--only');
const REPEATS = Number(option('--repeats') ?? 3);
const traceModes = option('--trace') === 'off' ? [false] : option('--trace') === 'on' ? [true] : [false, true];
if (!Number.isInteger(REPEATS) || REPEATS < 1) throw new Error('--repeats: a whole number of runs, 1 or more');
const chosen = only === undefined ? cases : cases.filter((c) => c.label.includes(only));
if (chosen.length === 0) throw new Error(`--only: no case label contains "${only}"`);
console.log(`node ${process.version}, best of ${REPEATS} runs after one warm-up`);
for (const trace of traceModes) {
  console.log(`\ntrace ${trace ? 'on (all tables)' : 'off'}`);
  for (const c of chosen) {
    runScenario(c.scenario, { trace }); // warm-up: JIT
    let best = Number.POSITIVE_INFINITY;
    let events = 0;
    for (let i = 0; i < REPEATS; i++) {
      const t0 = performance.now();
      const r = runScenario(c.scenario, { trace });
      const ms = performance.now() - t0;
      events = r.sim.events;
      best = Math.min(best, ms);
    }
    const rate = events / (best / 1000);
    console.log(`  ${c.label.padEnd(42)} ${String(events).padStart(9)} events  ${best.toFixed(1).padStart(8)} ms  ${(rate / 1e6).toFixed(2)} M events/s`);
  }
}
