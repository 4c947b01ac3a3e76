/** `npm run sweep` and `npm run reproduce`: load, validate, run in-process, write files. */
import { FIGURES, getFigure, FIGURE_IDS } from '../experiments/figures.ts';
import { runInNode, progressLine, summaryJson, svgOf, type Finished } from '../experiments/report.ts';
import type { Cache } from '../experiments/runner.ts';
import { formatSpecErrors, parseExperiment, type Experiment } from '../experiments/spec.ts';
import { closest } from '../scenario/validate.ts';
import type { ExperimentCommand, ReproduceCommand, SweepCommand } from './experiment-args.ts';

export interface ExperimentIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  mkdir(path: string): void;
  /** The commit the code is at, or a sentence saying why it is unknown. */
  commit(): string;
  nowMs(): number;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

type Loaded = { ok: true; experiment: Experiment } | { ok: false; errors: string[] };

/** A figure preset's id or a JSON file, with `--seeds N` applied; every problem named. */
export function loadExperiment(source: string, seeds: number | null, io: Pick<ExperimentIo, 'readFile'>): Loaded {
  let input: unknown;
  const fig = getFigure(source);
  if (fig) input = structuredClone(fig.experiment);
  else if (/\.json$/i.test(source)) {
    let text: string;
    try {
      text = io.readFile(source);
    } catch (e) {
      return { ok: false, errors: [`cannot read experiment file "${source}": ${(e as Error).message}`] };
    }
    try {
      input = JSON.parse(text);
    } catch (e) {
      return { ok: false, errors: [`experiment file "${source}" is not valid JSON: ${(e as Error).message}`] };
    }
  } else {
    const guess = closest(source, FIGURE_IDS);
    return { ok: false, errors: [`--experiment: "${source}" is neither a figure preset nor a .json file — ${guess ? `did you mean "${guess}"? ` : ''}presets: ${FIGURE_IDS.join(', ')}`] };
  }
  if (seeds !== null && input && typeof input === 'object') (input as Record<string, unknown>).seeds = { first: 1, count: seeds };
  const r = parseExperiment(input);
  return r.ok ? r : { ok: false, errors: [formatSpecErrors(r.errors)] };
}

function writeOutputs(f: Finished, dir: string, io: ExperimentIo): void {
  const id = f.experiment.id;
  io.writeFile(`${dir}/${id}.csv`, f.csv);
  io.writeFile(`${dir}/${id}.json`, summaryJson(f));
  io.writeFile(`${dir}/${id}.svg`, svgOf(f));
}

async function sweep(cmd: SweepCommand, io: ExperimentIo): Promise<number> {
  const loaded = loadExperiment(cmd.experiment, cmd.seeds, io);
  if (!loaded.ok) {
    io.stderr(loaded.errors.join('\n') + '\n');
    return EXIT_BAD_INPUT;
  }
  const e = loaded.experiment;
  const cache: Cache = new Map();
  let f: Finished;
  try {
    f = await runInNode(e, cache, { hash: cmd.hash, onProgress: (p) => io.stderr(progressLine(e.id, p) + '\n'), nowMs: () => io.nowMs() });
  } catch (err) {
    io.stderr(`a run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_FAILURE;
  }
  io.mkdir(cmd.outDir);
  writeOutputs(f, cmd.outDir, io);
  io.stdout(`${e.id}: ${f.runs} runs in ${(f.wallMs / 1000).toFixed(1)} s → ${cmd.outDir}/${e.id}.{csv,json,svg}${f.verdict ? `; verdict: ${f.verdict.badge} (${f.verdict.words})` : ''}\n`);
  return EXIT_OK;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(0)} %`);

async function reproduce(cmd: ReproduceCommand, io: ExperimentIo): Promise<number> {
  const unknown = cmd.only.filter((id) => !getFigure(id));
  if (unknown.length > 0) {
    io.stderr(`--only: unknown figure preset(s) ${unknown.join(', ')} — available: ${FIGURE_IDS.join(', ')}\n`);
    return EXIT_BAD_INPUT;
  }
  const figures = cmd.only.length > 0 ? FIGURES.filter((f) => cmd.only.includes(f.experiment.id)) : FIGURES;
  io.mkdir(cmd.outDir);
  // One cache for all: figures drawn from the same runs (Fig. 3 and Fig. 7 …) run them once.
  const cache: Cache = new Map();
  const done: Finished[] = [];
  const t0 = io.nowMs();
  for (const fig of figures) {
    const loaded = loadExperiment(fig.experiment.id, cmd.seeds, io);
    if (!loaded.ok) {
      io.stderr(loaded.errors.join('\n') + '\n');
      return EXIT_BAD_INPUT;
    }
    let last = 0;
    const f = await runInNode(loaded.experiment, cache, {
      nowMs: () => io.nowMs(),
      onProgress: (p) => {
        // a line per second or so, and the last one
        if (p.finished || io.nowMs() - last > 1000) {
          last = io.nowMs();
          io.stderr(progressLine(loaded.experiment.id, p) + '\n');
        }
      },
    });
    writeOutputs(f, cmd.outDir, io);
    done.push(f);
  }
  const totalS = (io.nowMs() - t0) / 1000;
  io.writeFile(`${cmd.outDir}/README.md`, reportMarkdown(done, cmd, io.commit(), totalS));
  io.stdout(verdictTable(done) + `\n${done.length} figures in ${totalS.toFixed(0)} s → ${cmd.outDir}/README.md\n`);
  return EXIT_OK;
}

export function verdictTable(done: readonly Finished[]): string {
  const lines = ['| Figure | Paper | Runs | Verdict | Checks agreeing | Median difference from printed values |', '|---|---|---:|---|---:|---:|'];
  for (const f of done) {
    const v = f.verdict;
    lines.push(`| ${f.experiment.id} (${f.figure?.figure ?? ''}) | ${f.figure?.paper ?? ''} | ${f.runs} | ${v?.badge ?? '—'} | ${v ? `${v.agree}/${v.total}` : '—'} | ${v ? pct(v.medianRelDiff) : '—'} |`);
  }
  return lines.join('\n') + '\n';
}

function reportMarkdown(done: readonly Finished[], cmd: ReproduceCommand, commit: string, totalS: number): string {
  const args = [cmd.outDir, ...(cmd.seeds !== null ? ['--seeds', String(cmd.seeds)] : []), ...(cmd.only.length ? ['--only', cmd.only.join(',')] : [])].join(' ');
  const out = [
    '# TCP Lab — the papers’ figures reproduced',
    '',
    `Commit: \`${commit}\`. Command: \`npm run reproduce -- ${args}\` (${totalS.toFixed(0)} s). Each figure alone: \`npm run sweep -- --experiment ID --out DIR\`.`,
    '',
    'Verdict rules (src/experiments/verdict.ts): at each point, every ordering and bound the paper states (in its text or by its printed values) is checked on our means; the median relative difference is taken over the printed measurements. "matches": ≥ 80 % of the checks agree and the median difference is ≤ 20 %; "does not match": < 50 % agree or the median difference is > 50 %; otherwise "partly".',
    '',
    verdictTable(done),
  ];
  for (const f of done) {
    const e = f.experiment;
    out.push(`## ${e.id}: ${e.title}`, '', `Source: ${e.source}. ${e.description}`, '', `![${e.id}](${e.id}.svg)`, '');
    if (f.verdict) {
      out.push(`**${f.verdict.badge}** — ${f.verdict.words}.`, '');
      for (const c of f.verdict.checks) out.push(`- ${c.agree}/${c.total}: ${c.text}${c.failedAt.length ? ` — fails at ${c.failedAt.join(', ')}` : ''}`);
      out.push('');
    }
    if (f.figure?.noValues) out.push(f.figure.noValues, '');
    for (const s of f.figure?.published ?? []) if (s.note) out.push(`Note on ${s.source}: ${s.note}`, '');
    out.push(`Data: [${e.id}.csv](${e.id}.csv), summary [${e.id}.json](${e.id}.json).`, '');
  }
  return out.join('\n');
}

export async function executeExperimentCommand(cmd: ExperimentCommand, io: ExperimentIo): Promise<number> {
  switch (cmd.kind) {
    case 'help':
      io.stdout(cmd.text);
      return EXIT_OK;
    case 'list':
      io.stdout(FIGURES.map((f) => `${f.experiment.id.padEnd(14)}  ${f.paper} — ${f.figure}: ${f.experiment.title}`).join('\n') + '\n');
      return EXIT_OK;
    case 'sweep':
      return sweep(cmd, io);
    case 'reproduce':
      return reproduce(cmd, io);
  }
}
