/**
 * `npm run sweep` and `npm run reproduce`: load, validate, run (in-process, on worker threads,
 * or one shard of the runs), write files; or merge shards' partial results into those files.
 */
import { FIGURES, getFigure, FIGURE_IDS } from '../experiments/figures.ts';
import { figureAnalysis, whyExperimentById } from '../experiments/analyses.ts';
import { nodeExecutor } from '../experiments/node-executor.ts';
import { runInNode, progressLine, summaryJson, svgOf, type Finished } from '../experiments/report.ts';
import { plan, type Cache, type Executor } from '../experiments/runner.ts';
import { mergePartials, PARTIAL_FORMAT, PARTIAL_NAME, parsePartial, partialJson, partialName, shardJobs, type Partial } from '../experiments/shards.ts';
import { formatSpecErrors, parseExperiment, type Experiment, type RunJob } from '../experiments/spec.ts';
import { threadExecutor } from '../experiments/thread-executor.ts';
import { closest } from '../scenario/validate.ts';
import type { ExperimentCommand, ReproduceCommand, SpreadOptions, SweepCommand } from './experiment-args.ts';
import { parseJsonText, TextFileError } from '../scenario/jsonText.ts';

export interface ExperimentIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): string;
  writeFile(path: string, text: string): void;
  mkdir(path: string): void;
  /** The commit the code is at, or a sentence saying why it is unknown. */
  commit(): string;
  nowMs(): number;
  /** File names in a folder (for --merge); throws if it cannot be read. */
  listDir?(path: string): string[];
  /** Cores to use when --jobs is not given (default 1). */
  cores?(): number;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

type Loaded = { ok: true; experiment: Experiment } | { ok: false; errors: string[] };

/** A figure preset's id or a JSON file, with `--seeds N` applied; every problem named. */
export function loadExperiment(source: string, seeds: number | null, io: Pick<ExperimentIo, 'readFile'>): Loaded {
  let input: unknown;
  const fig = getFigure(source);
  const why = whyExperimentById(source);
  if (fig) input = structuredClone(fig.experiment);
  else if (why) input = why;
  else if (/\.json$/i.test(source)) {
    let text: string;
    try {
      text = io.readFile(source);
    } catch (e) {
      if (e instanceof TextFileError) return { ok: false, errors: [e.message] };
      return { ok: false, errors: [`cannot read experiment file "${source}": ${(e as Error).message}`] };
    }
    // the scenario files' reader: duplicate keys and nesting limits are refused the same way
    const json = parseJsonText(text, `experiment file "${source}"`);
    if (!json.ok) return { ok: false, errors: [json.message] };
    input = json.value;
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

/** A study's identity, as shards record it and merging checks it: the experiments and whether runs are hashed. */
const studyOf = (experiments: readonly Experiment[], hash: boolean): string => JSON.stringify({ experiments, hash });

/** Every run of the experiments once, in plan order (figures drawn from the same runs share them). */
function allJobs(experiments: readonly Experiment[]): RunJob[] {
  const seen = new Set<string>();
  const out: RunJob[] = [];
  for (const e of experiments) {
    for (const j of plan(e)) {
      if (seen.has(j.key)) continue;
      seen.add(j.key);
      out.push(j);
    }
  }
  return out;
}

/** Where the runs go: an executor for the command, and how to release it. */
function executorFor(spread: SpreadOptions, hash: boolean, io: ExperimentIo): { executor: Executor; dispose: () => Promise<void> } {
  if (spread.merge) {
    // Every run must come from the partial results: asking for one means a shard is incomplete.
    const refuse: Executor = {
      lanes: 1,
      run: (job) => Promise.reject(new Error(`run ${job.key} (point ${job.point}, seed ${job.seed}) is in none of the partial results`)),
      cancel() {},
    };
    return { executor: refuse, dispose: async () => {} };
  }
  const jobs = spread.jobs ?? Math.max(1, io.cores?.() ?? 1);
  if (jobs <= 1) return { executor: nodeExecutor({ hash }), dispose: async () => {} };
  const pool = threadExecutor(jobs, { hash });
  return { executor: pool, dispose: () => pool.dispose() };
}

/** Read the partial results named by --merge (folders: their part-I-of-N.json files) into `cache`; the problems, if any. */
function loadPartials(merge: readonly string[], study: string, cache: Cache, io: ExperimentIo): string[] {
  const parts: { where: string; partial: Partial }[] = [];
  const errors: string[] = [];
  for (const arg of merge) {
    let files: string[];
    if (/\.json$/i.test(arg)) files = [arg];
    else {
      if (!io.listDir) return ['--merge: cannot list folders here'];
      try {
        files = io
          .listDir(arg)
          .filter((n) => PARTIAL_NAME.test(n))
          .sort()
          .map((n) => `${arg}/${n}`);
      } catch (e) {
        errors.push(`--merge: cannot read folder "${arg}": ${(e as Error).message}`);
        continue;
      }
      if (files.length === 0) errors.push(`--merge: no partial results (part-I-of-N.json) in "${arg}"`);
    }
    for (const f of files) {
      let text: string;
      try {
        text = io.readFile(f);
      } catch (e) {
        errors.push(`--merge: cannot read "${f}": ${(e as Error).message}`);
        continue;
      }
      const r = parsePartial(text, f);
      if (r.ok) parts.push({ where: f, partial: r.partial });
      else errors.push(r.error);
    }
  }
  if (errors.length > 0) return errors;
  return mergePartials(parts, study, cache);
}

/** Run shard `cmd.shard` of the experiments' runs and write its partial result to the output folder. */
async function runShard(experiments: readonly Experiment[], cmd: SweepCommand | ReproduceCommand, hash: boolean, io: ExperimentIo, label: string): Promise<number> {
  const shard = cmd.shard as NonNullable<SpreadOptions['shard']>;
  const all = allJobs(experiments);
  const mine = shardJobs(all, shard);
  const { executor, dispose } = executorFor(cmd, hash, io);
  const outcomes = new Map<string, Partial['outcomes'][number][1]>();
  const t0 = io.nowMs();
  let last = t0;
  let next = 0;
  try {
    const lane = async (): Promise<void> => {
      while (next < mine.length) {
        const job = mine[next++];
        outcomes.set(job.key, await executor.run(job));
        if (outcomes.size === mine.length || io.nowMs() - last > 1000) {
          last = io.nowMs();
          io.stderr(`[${label} shard ${shard.index}/${shard.count}] ${outcomes.size}/${mine.length} runs, ${((io.nowMs() - t0) / 1000).toFixed(1)} s\n`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, executor.lanes) }, lane));
  } catch (err) {
    io.stderr(`a run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_FAILURE;
  } finally {
    await dispose();
  }
  // Plan order, whichever thread finished first: the same shard always writes the same bytes.
  const partial: Partial = {
    format: PARTIAL_FORMAT,
    study: studyOf(experiments, hash),
    shard,
    planRuns: all.length,
    outcomes: mine.map((j) => [j.key, outcomes.get(j.key) as Partial['outcomes'][number][1]]),
  };
  io.mkdir(cmd.outDir);
  const file = `${cmd.outDir}/${partialName(shard)}`;
  io.writeFile(file, partialJson(partial));
  io.stdout(`${label}: shard ${shard.index}/${shard.count}, ${mine.length} of ${all.length} runs in ${((io.nowMs() - t0) / 1000).toFixed(1)} s → ${file}\n`);
  return EXIT_OK;
}

async function sweep(cmd: SweepCommand, io: ExperimentIo): Promise<number> {
  const loaded = loadExperiment(cmd.experiment, cmd.seeds, io);
  if (!loaded.ok) {
    io.stderr(loaded.errors.join('\n') + '\n');
    return EXIT_BAD_INPUT;
  }
  const e = loaded.experiment;
  if ((cmd.shard || cmd.merge) && e.untilHalfWidthPct !== null) {
    io.stderr(`--shard/--merge: experiment "${e.id}" adds seeds until its confidence intervals are narrow (untilHalfWidthPct), which needs every point's results in one place; give it a fixed seed list (drop untilHalfWidthPct, or --seeds N)\n`);
    return EXIT_BAD_INPUT;
  }
  if (cmd.shard) return runShard([e], cmd, cmd.hash, io, e.id);
  const cache: Cache = new Map();
  if (cmd.merge) {
    const errors = loadPartials(cmd.merge, studyOf([e], cmd.hash), cache, io);
    if (errors.length > 0) {
      io.stderr(errors.join('\n') + '\n');
      return EXIT_BAD_INPUT;
    }
  }
  const { executor, dispose } = executorFor(cmd, cmd.hash, io);
  let f: Finished;
  try {
    f = await runInNode(e, cache, { executor, onProgress: (p) => io.stderr(progressLine(e.id, p) + '\n'), nowMs: () => io.nowMs() });
  } catch (err) {
    io.stderr(`a run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_FAILURE;
  } finally {
    await dispose();
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
  const experiments: Experiment[] = [];
  for (const fig of figures) {
    const loaded = loadExperiment(fig.experiment.id, cmd.seeds, io);
    if (!loaded.ok) {
      io.stderr(loaded.errors.join('\n') + '\n');
      return EXIT_BAD_INPUT;
    }
    experiments.push(loaded.experiment);
  }
  if (cmd.shard) return runShard(experiments, cmd, false, io, 'reproduce');
  // One cache for all: figures drawn from the same runs (Fig. 3 and Fig. 7 …) run them once.
  const cache: Cache = new Map();
  if (cmd.merge) {
    const errors = loadPartials(cmd.merge, studyOf(experiments, false), cache, io);
    if (errors.length > 0) {
      io.stderr(errors.join('\n') + '\n');
      return EXIT_BAD_INPUT;
    }
  }
  io.mkdir(cmd.outDir);
  const done: Finished[] = [];
  const t0 = io.nowMs();
  const { executor, dispose } = executorFor(cmd, false, io);
  try {
    for (const e of experiments) {
      let last = 0;
      const f = await runInNode(e, cache, {
        executor,
        nowMs: () => io.nowMs(),
        onProgress: (p) => {
          // a line per second or so, and the last one
          if (p.finished || io.nowMs() - last > 1000) {
            last = io.nowMs();
            io.stderr(progressLine(e.id, p) + '\n');
          }
        },
      });
      writeOutputs(f, cmd.outDir, io);
      done.push(f);
    }
  } catch (err) {
    io.stderr(`a run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_FAILURE;
  } finally {
    await dispose();
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
    const why = figureAnalysis(e.id);
    if (why) {
      out.push(
        '**Why it does not match** (src/experiments/analyses.ts)',
        '',
        `- The paper: ${why.paperStates}`,
        `- What we run: ${why.weRun}`,
        `- The difference: ${why.difference}`,
        `- The mechanism: ${why.mechanism}`,
        ...why.experiments.map((w, i) => `- The experiment (\`npm run sweep -- --experiment ${e.id}-why-${i + 1}\`): ${w.change}. ${w.result}`),
        '',
      );
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
