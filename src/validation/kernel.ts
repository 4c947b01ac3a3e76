/**
 * TCP Lab against the Linux kernel on the reference path (docs/validation.md): the kernel's runs
 * come from a CSV the linux-ref recipe writes (`summary.csv`, one row per run), stored in
 * `data/linux-ref/` with its provenance; TCP Lab runs the same path with the linux profile over
 * several seeds. Pure: no file access (the CLI reads the files), so tests can feed it rows.
 */
import { runScenario } from '../engine/run.ts';
import { kernelPathScenario } from './path.ts';

/** One kernel run: congestion control, SACK, PER, repetition, goodput (kb/s). */
export interface KernelRun {
  cc: string;
  sack: number;
  per: number;
  rep: number;
  goodputKbps: number;
}

/** The kernel's congestion controls and the TCP Lab variant each is held against. */
export const KERNEL_VARIANTS: Readonly<Record<string, string>> = { reno: 'newreno', cubic: 'cubic', bbr: 'bbr' };

/** The recipe's summary.csv → runs; rows without a goodput are skipped. */
export function parseKernelCsv(text: string): KernelRun[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '' && !l.startsWith('#'));
  if (lines.length === 0) return [];
  const head = lines[0].split(',');
  const col = (name: string): number => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`kernel CSV: no column "${name}" (columns: ${head.join(', ')})`);
    return i;
  };
  const [cc, sack, per, rep, gp] = ['cc', 'sack', 'per', 'rep', 'goodput_kbps'].map(col);
  return lines
    .slice(1)
    .map((l) => l.split(','))
    .filter((c) => c[gp] !== '' && Number.isFinite(Number(c[gp])))
    .map((c) => ({ cc: c[cc], sack: Number(c[sack]), per: Number(c[per]), rep: Number(c[rep]), goodputKbps: Number(c[gp]) }));
}

export interface Stats {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); 0 for one value. */
  sd: number;
  min: number;
  max: number;
}

export function stats(values: readonly number[]): Stats {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  return { n, mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

/**
 * Below this fraction of the kernel's mean a difference is the path model's resolution, not the
 * TCP's: the recipe's path matches the simulator's RTT to about 0.1 ms in 108 ms, but its HTB
 * shaper, user-space delay line and the handshake before t = 0 are not the simulator's
 * serializing link, which shows where the kernel's runs do not vary at all (PER 0).
 */
export const PATH_RESOLUTION = 0.01;

/**
 * The kernel's run-to-run spread: mean ± 2·sd, never narrower than its observed min … max (with
 * three repetitions the sd itself is uncertain), nor than ± PATH_RESOLUTION of the mean.
 */
export function kernelSpread(k: Stats): { low: number; high: number } {
  const floor = PATH_RESOLUTION * k.mean;
  return { low: Math.min(k.mean - Math.max(2 * k.sd, floor), k.min), high: Math.max(k.mean + Math.max(2 * k.sd, floor), k.max) };
}

export interface ComparisonRow {
  cc: string;
  variant: string;
  per: number;
  kernel: Stats;
  lab: Stats;
  /** (lab mean − kernel mean) / kernel mean, %. */
  diffPct: number;
  within: boolean;
}

/** TCP Lab's goodputs (kb/s) for one configuration, one per seed. */
export function labGoodputs(variant: string, per: number, seeds: readonly number[], path?: { rateBps: number; queuePackets: number }): number[] {
  return seeds.map((seed) => runScenario(kernelPathScenario(variant, per, seed, path), { trace: false }).flows[0].goodputBps / 1000);
}

/** Every (cc, PER) the kernel ran with SACK, held against TCP Lab's linux profile. */
export function compareWithKernel(runs: readonly KernelRun[], seeds: readonly number[], path?: { rateBps: number; queuePackets: number }): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const keys = [...new Set(runs.filter((r) => r.sack === 1 && r.cc in KERNEL_VARIANTS).map((r) => `${r.cc}|${r.per}`))];
  for (const key of keys) {
    const [cc, perText] = key.split('|');
    const per = Number(perText);
    const kernel = stats(runs.filter((r) => r.sack === 1 && r.cc === cc && r.per === per).map((r) => r.goodputKbps));
    const variant = KERNEL_VARIANTS[cc];
    const lab = stats(labGoodputs(variant, per, seeds, path));
    const spread = kernelSpread(kernel);
    rows.push({ cc, variant, per, kernel, lab, diffPct: (100 * (lab.mean - kernel.mean)) / kernel.mean, within: lab.mean >= spread.low && lab.mean <= spread.high });
  }
  const order = Object.keys(KERNEL_VARIANTS);
  return rows.sort((a, b) => order.indexOf(a.cc) - order.indexOf(b.cc) || a.per - b.per);
}
