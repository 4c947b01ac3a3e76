/** Runs a parsed command: loads and edits the scenario, validates it, simulates, prints. */
import '../engine/all.ts';
import { buildSimulation } from '../engine/build.ts';
import { ColumnarSink, traceHash } from '../engine/core/trace.ts';
import type { CrossResult, FlowResult, LinkResult, RunResult, RunSummary } from '../engine/results.ts';
import { VARIANTS, variantNames } from '../catalogue/variants.ts';
import { VARIANT_DESCRIPTIONS } from '../catalogue/variantDescriptions.ts';
import { getPreset, presetNames, PRESETS } from '../content/presets/index.ts';
import type { Scenario } from '../scenario/schema.ts';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonText, TextFileError } from '../scenario/jsonText.ts';
import { applySet, SetError } from '../scenario/set.ts';
import { closest, formatErrors, isRecord, parseScenario } from '../scenario/validate.ts';
import { HELP, type Command, type RunCommand, type ScenarioSource } from './args.ts';
import { traceCsv } from '../engine/trace-csv.ts';
import type { EstimateInfo } from '../engine/tcp/cc/types.ts';

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Throws if the file cannot be read. */
  readFile(path: string): string;
  /** Throws if the file cannot be written. */
  writeFile(path: string, text: string): void;
  /** Wall clock in ms (performance.now): `sim.wallMs`, `--max-wall-s` and the progress bar. */
  nowMs(): number;
  /** stderr is a terminal: a progress bar is drawn there (unless --quiet). */
  stderrIsTty?: boolean;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** The JSON the CLI prints: the run's results without the trace and the per-link details. */
export interface CliOutput {
  flows: (Omit<FlowResult, 'mssBytes' | 'estimates'> & { estimates: EstimateSummary[] })[];
  links: Pick<LinkResult, 'id' | 'drops' | 'marks' | 'congestionLossPct' | 'meanQueuePackets' | 'queueSdPackets' | 'maxQueuePackets' | 'utilization' | 'ackRegulator'>[];
  summary: RunSummary;
  cross: CrossResult[];
  sim: { events: number; simTimeS: number; wallMs: number; traceHash?: string };
}

type Outcome<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function execute(cmd: Command, io: CliIo): number {
  switch (cmd.kind) {
    case 'help':
      io.stdout(HELP);
      return EXIT_OK;
    case 'list-presets':
      io.stdout(table(PRESETS.map((p) => [p.name, p.group, p.description])));
      return EXIT_OK;
    case 'list-variants':
      // the recovery column is what tcp.recovery "auto" picks without tcp.sack (with it: sack-prr)
      io.stdout(table([['variant', 'family', 'recovery', 'description'], ...VARIANTS.map((v) => [v.name, v.family, v.needsSack ? `${v.defaultRecovery} (needs SACK)` : v.defaultRecovery, VARIANT_DESCRIPTIONS[v.name] ?? ''])]));
      return EXIT_OK;
    case 'run':
      return runCommand(cmd, io);
  }
}

function runCommand(cmd: RunCommand, io: CliIo): number {
  const prepared = prepareScenario(cmd, io);
  if (!prepared.ok) {
    io.stderr(prepared.errors.join('\n') + '\n');
    return EXIT_BAD_INPUT;
  }
  const scenario = prepared.value;
  const t0 = io.nowMs();
  let run: Simulated;
  try {
    run = simulate(scenario, cmd, io);
  } catch (e) {
    io.stderr(`simulation failed: ${describeFailure(e, cmd.debug)}\n`);
    return EXIT_FAILURE;
  }
  if (run.result === null) {
    io.stderr(run.stopped + '\n');
    return EXIT_FAILURE;
  }
  const { result } = run;
  const wallMs = io.nowMs() - t0;
  // the results are printed whatever happens to the trace file: a wrong --trace path must not cost the run
  let traceFailed = false;
  if (cmd.traceFile) {
    try {
      io.writeFile(cmd.traceFile, traceCsv(scenario, result));
    } catch (e) {
      io.stderr(`cannot write trace file "${cmd.traceFile}": ${oneLine(e)} — the results are on stdout\n`);
      traceFailed = true;
    }
  }
  const output = toOutput(result, wallMs);
  if (cmd.fingerprint) output.sim.traceHash = traceHash(result.trace);
  io.stdout(JSON.stringify(output, null, 2) + '\n');
  return traceFailed ? EXIT_FAILURE : EXIT_OK;
}

/** An error's message on one line (Node's file errors are one already; others may not be). */
function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
}

/** An unexpected failure in one line; its stack only when asked for (--debug). */
export function describeFailure(e: unknown, debug: boolean): string {
  if (!(e instanceof Error)) return String(e);
  if (debug && e.stack) return e.stack;
  return `${e.message}${debug ? '' : ' (run with --debug for details)'}`;
}

/** Engine events between checks of the limits and the progress bar: a few milliseconds of work. */
const SLICE_EVENTS = 50_000;
/** The progress bar is redrawn at most this often. */
const PROGRESS_EVERY_MS = 200;
const BAR_WIDTH = 30;

type Simulated = { result: RunResult; stopped: null } | { result: null; stopped: string };

/**
 * The engine run in slices (exactly the events one call would execute, see the worker's
 * runForDisplay.ts), so the limits can be checked and the progress bar drawn in between.
 */
function simulate(scenario: Scenario, cmd: RunCommand, io: CliIo): Simulated {
  // The estimate table is always kept: each variant's estimates are summarised in the JSON
  // (estimateSummary); observing them never changes the run.
  const sink = cmd.fingerprint ? new ColumnarSink() : new ColumnarSink(cmd.traceFile ? ['cwnd', 'queue', 'estimate'] : ['estimate']);
  const sim = buildSimulation(scenario, scenario.seed, sink);
  const started = io.nowMs();
  const bar = !cmd.quiet && io.stderrIsTty === true;
  let drawnAt = -Infinity;
  const limit = (): string | null => {
    const simTimeS = sim.sim.now() / 1e9;
    const at = `(t = ${simTimeS.toFixed(1)} s of ${scenario.durationS} s)`;
    if (sim.sim.eventCount >= cmd.maxEvents) return `stopped at ${cmd.maxEvents.toLocaleString('en-US')} events ${at}: the run is incomplete — raise --max-events (or "none"), or shorten the scenario`;
    if (io.nowMs() - started >= cmd.maxWallS * 1000) return `stopped after ${cmd.maxWallS} s of wall-clock time ${at}: the run is incomplete — raise --max-wall-s (or "none"), or shorten the scenario`;
    return null;
  };
  try {
    for (;;) {
      const slice = Math.min(SLICE_EVENTS, cmd.maxEvents - sim.sim.eventCount);
      if (sim.run(slice)) break;
      const stopped = limit();
      if (stopped) return { result: null, stopped };
      if (bar && io.nowMs() - drawnAt >= PROGRESS_EVERY_MS) {
        drawnAt = io.nowMs();
        io.stderr(progressLine(sim.sim.now() / 1e9, scenario.durationS, sim.sim.eventCount));
      }
    }
  } finally {
    if (bar && drawnAt > -Infinity) io.stderr('\r\x1b[K'); // clear the bar
  }
  return { result: { ...sim.results(), trace: sink.finish() }, stopped: null };
}

/** "\r[#########·····] 31%  t = 18.6 of 60 s, 1.2 M events" (carriage return: redrawn in place). */
export function progressLine(simTimeS: number, durationS: number, events: number): string {
  const fraction = durationS > 0 ? Math.min(1, Math.max(0, simTimeS / durationS)) : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  return `\r[${'#'.repeat(filled)}${'·'.repeat(BAR_WIDTH - filled)}] ${Math.floor(fraction * 100)}%  t = ${simTimeS.toFixed(1)} of ${durationS} s, ${(events / 1e6).toFixed(1)} M events`;
}

/** Source → edits (`--set`, `--variant`, `--seed`, in that order) → validated scenario. */
export function prepareScenario(cmd: RunCommand, io: Pick<CliIo, 'readFile'>): Outcome<Scenario> {
  const loaded = loadSource(cmd.source, io);
  if (!loaded.ok) return loaded;
  let input = loaded.value;

  const assignments = [...cmd.sets];
  if (cmd.variant !== null) {
    const known = variantNames();
    if (!known.includes(cmd.variant)) {
      return { ok: false, errors: [`--variant: "${cmd.variant}" is not a known variant — allowed: ${known.join(', ')}`] };
    }
    const flowCount = isRecord(input) && Array.isArray(input.flows) ? input.flows.length : 0;
    for (let i = 0; i < flowCount; i++) assignments.push(`flows.${i}.variant=${JSON.stringify(cmd.variant)}`);
  }
  if (cmd.seed !== null) assignments.push(`seed=${cmd.seed}`);

  const errors: string[] = [];
  for (const a of assignments) {
    // a VALUE is JSON too: the file's nesting limit applies (validation walks it recursively)
    const eq = a.indexOf('=');
    const { depth } = jsonDepth(a.slice(eq + 1));
    if (depth > MAX_JSON_DEPTH) {
      errors.push(`--set ${a.slice(0, Math.max(0, eq))}: the value nests ${depth} levels deep — at most ${MAX_JSON_DEPTH}`);
      continue;
    }
    try {
      input = applySet(input, a);
    } catch (e) {
      if (!(e instanceof SetError)) throw e;
      errors.push(e.message);
    }
  }
  if (errors.length > 0) return { ok: false, errors };

  const parsed = parseScenario(input);
  if (!parsed.ok) return { ok: false, errors: [formatErrors(parsed.errors)] };
  return { ok: true, value: parsed.scenario };
}

function loadSource(source: ScenarioSource, io: Pick<CliIo, 'readFile'>): Outcome<unknown> {
  if (source.kind === 'preset') {
    const preset = getPreset(source.name);
    if (preset) return { ok: true, value: preset.scenario };
    const guess = closest(source.name, presetNames());
    const hint = guess ? `did you mean "${guess}"? ` : '';
    return { ok: false, errors: [`--preset: unknown preset "${source.name}" — ${hint}available: ${presetNames().join(', ')}`] };
  }
  let text: string;
  try {
    text = io.readFile(source.path);
  } catch (e) {
    if (e instanceof TextFileError) return { ok: false, errors: [e.message] };
    return { ok: false, errors: [`cannot read scenario file "${source.path}": ${e instanceof Error ? e.message : String(e)}`] };
  }
  const json = parseJsonText(text, `scenario file "${source.path}"`);
  return json.ok ? json : { ok: false, errors: [json.message] };
}

export function toOutput(result: RunResult, wallMs: number): CliOutput {
  return {
    flows: result.flows.map(({ mssBytes: _mss, ...f }, i) => ({ ...f, estimates: estimateSummary(result, i) })),
    links: result.links.map((l) => ({
      id: l.id,
      drops: { ...l.drops },
      marks: l.marks,
      congestionLossPct: l.congestionLossPct,
      meanQueuePackets: l.meanQueuePackets,
      queueSdPackets: l.queueSdPackets,
      maxQueuePackets: l.maxQueuePackets,
      utilization: l.utilization,
      ackRegulator: l.ackRegulator,
    })),
    summary: result.summary,
    cross: result.cross,
    sim: { events: result.sim.events, simTimeS: result.sim.simTimeS, wallMs: Math.round(wallMs * 10) / 10 },
  };
}

/** A flow's estimate as the JSON gives it: what it is, and its time-weighted mean and last value over the run. */
export interface EstimateSummary extends EstimateInfo {
  /** Mean over the time the estimate was formed (from its first finite value to the end of the run); null if never formed. */
  mean: number | null;
  last: number | null;
}

/**
 * Each estimate's time-weighted mean from the `estimate` table (a step function: a row holds
 * from its time to the next row of the same key), so a reader can see what the variant believed
 * (Westwood+'s BWE, Veno's backlog) without the app. Non-finite values are gaps.
 */
export function estimateSummary(result: Pick<RunResult, 'flows' | 'trace' | 'sim'>, flow: number): EstimateSummary[] {
  const infos = result.flows[flow].estimates;
  const t = result.trace.estimate;
  const endNs = result.sim.simTimeS * 1e9;
  return infos.map((info, key) => {
    let area = 0;
    let span = 0;
    let last: number | null = null;
    let prevT = -1;
    let prevV = Number.NaN;
    const close = (toNs: number): void => {
      if (prevT >= 0 && Number.isFinite(prevV) && toNs > prevT) {
        area += prevV * (toNs - prevT);
        span += toNs - prevT;
      }
    };
    const n = t ? t.tNs.length : 0;
    for (let i = 0; i < n; i++) {
      if (t!.flow[i] !== flow || t!.key[i] !== key) continue;
      close(t!.tNs[i]);
      prevT = t!.tNs[i];
      prevV = t!.value[i];
      if (Number.isFinite(prevV)) last = prevV;
    }
    close(endNs);
    return { key: info.key, label: info.label, unit: info.unit, mean: span > 0 ? area / span : last, last };
  });
}

/** Left-aligned columns, two spaces apart. */
function table(rows: string[][]): string {
  const widths = rows.reduce<number[]>((w, r) => r.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}
