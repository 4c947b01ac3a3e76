/** Runs a parsed command: loads and edits the scenario, validates it, simulates, prints. */
import { runScenario } from '../engine/run.ts';
import type { CrossResult, FlowResult, LinkResult, RunResult, RunSummary } from '../engine/results.ts';
import { VARIANTS, variantNames } from '../catalogue/variants.ts';
import { getPreset, presetNames, PRESETS } from '../scenarios/presets/index.ts';
import type { Scenario } from '../scenarios/schema.ts';
import { applySet, SetError } from '../scenarios/set.ts';
import { closest, formatErrors, isRecord, parseScenario } from '../scenarios/validate.ts';
import { HELP, type Command, type RunCommand, type ScenarioSource } from './args.ts';
import { traceCsv } from './trace-csv.ts';

/** Everything the CLI touches outside itself, so tests can run it in-process. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Throws if the file cannot be read. */
  readFile(path: string): string;
  /** Throws if the file cannot be written. */
  writeFile(path: string, text: string): void;
  /** Wall clock in ms (performance.now), for `sim.wallMs` only. */
  nowMs(): number;
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;

/** The JSON the CLI prints: the run's results without the trace and the per-link details. */
export interface CliOutput {
  flows: Omit<FlowResult, 'mssBytes'>[];
  links: Pick<LinkResult, 'id' | 'drops' | 'marks' | 'congestionLossPct' | 'meanQueuePackets' | 'queueSdPackets' | 'maxQueuePackets' | 'utilization' | 'ackRegulator'>[];
  summary: RunSummary;
  cross: CrossResult[];
  sim: { events: number; simTimeS: number; wallMs: number };
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
      io.stdout(table(VARIANTS.map((v) => [v.name, v.description])));
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
  let result: RunResult & { stoppedEarly: boolean };
  const t0 = io.nowMs();
  try {
    result = runScenario(scenario, { trace: cmd.traceFile ? ['cwnd', 'queue'] : false });
  } catch (e) {
    io.stderr(`simulation failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT_FAILURE;
  }
  const wallMs = io.nowMs() - t0;
  if (cmd.traceFile) {
    try {
      io.writeFile(cmd.traceFile, traceCsv(scenario, result));
    } catch (e) {
      io.stderr(`cannot write trace file "${cmd.traceFile}": ${e instanceof Error ? e.message : String(e)}\n`);
      return EXIT_FAILURE;
    }
  }
  io.stdout(JSON.stringify(toOutput(result, wallMs), null, 2) + '\n');
  return EXIT_OK;
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
    return { ok: false, errors: [`cannot read scenario file "${source.path}": ${e instanceof Error ? e.message : String(e)}`] };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    return { ok: false, errors: [`scenario file "${source.path}" is not valid JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
}

export function toOutput(result: RunResult, wallMs: number): CliOutput {
  return {
    flows: result.flows.map(({ mssBytes: _mss, ...f }) => f),
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

/** Left-aligned columns, two spaces apart. */
function table(rows: string[][]): string {
  const widths = rows.reduce<number[]>((w, r) => r.map((c, i) => Math.max(w[i] ?? 0, c.length)), []);
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n';
}
