/**
 * What is being run and shown: one run of the scenario as written, or, in compare mode, one
 * run per compared variant. Compare substitutes the variant for EVERY flow (not just the
 * first): "how does Westwood+ do on this path" means all senders run it, and a multi-flow
 * scenario then compares homogeneous populations; mixed populations are set up in the
 * scenario itself. Each run keeps the scenario's seed, so all variants face the same channel.
 */
import type { Scenario } from '../../scenario/schema.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { DASHES, distinctColours, LINE_COLOURS, variantColour } from '../../catalogue/palette.ts';
import { variantLabel } from '../../catalogue/format.ts';

export interface RunJob {
  key: string;
  /** The compared variant, or null for the scenario as written. */
  variant: string | null;
  scenario: Scenario;
}

export function runJobs(scenario: Scenario, compare: readonly string[]): RunJob[] {
  if (compare.length === 0) return [{ key: 'scenario', variant: null, scenario }];
  return compare.map((variant) => ({
    key: `v-${variant}`,
    variant,
    scenario: { ...scenario, flows: scenario.flows.map((f) => ({ ...f, variant })) },
  }));
}

export interface VariantRun extends RunJob {
  /** "Reno" in compare mode, "" otherwise. */
  label: string;
  colour: string;
  dash: string | null;
  result: RunOutput;
}

/** A run of the edit still to come (progressive display): named, in its colour, where the panels list their runs. */
export interface UpdatingRun {
  key: string;
  label: string;
  colour: string;
  dash: string | null;
}

export interface RunSet {
  /** The runs drawn: every one from the same edit (never a mix), in job order. */
  runs: VariantRun[];
  /** The edit's jobs whose runs are not in yet (progressive display), in job order; empty once the set is complete. */
  updating: UpdatingRun[];
  /** Every job's key in job order, drawn or still to come. */
  order: readonly string[];
  compare: boolean;
  /** Filtered to what the first sender could know (state/senderView.ts): notices must not read the network's tables. */
  senderView?: true;
  /** Longest run's end: the simulated time drawn (a run stopped by a cap ends where it stopped). */
  endS: number;
  /** Some run stopped short of its scenario's duration (a cap): charts and summaries cover only up to endS. */
  partial: boolean;
  /** Input to results, as the user felt it. */
  wallMs: number;
}

/**
 * The set to draw from one edit's jobs and the results in so far (`results[i]` undefined while
 * job i runs; at least one must be in). Colours and dashes follow the jobs, not the arrivals,
 * so a variant keeps its colour while the others come in.
 */
export function buildRunSet(jobs: readonly RunJob[], results: readonly (RunOutput | undefined)[], wallMs: number): RunSet {
  const compare = jobs.some((j) => j.variant !== null);
  const colours = distinctColours(jobs.map((j) => j.variant ?? ''));
  const runs: VariantRun[] = [];
  const updating: UpdatingRun[] = [];
  jobs.forEach((j, i) => {
    const result = results[i];
    const style = { label: j.variant ? variantLabel(j.variant) : '', colour: colours[i], dash: compare ? DASHES[i % DASHES.length] : null };
    if (result) runs.push({ ...j, ...style, result });
    else updating.push({ key: j.key, ...style });
  });
  if (runs.length === 0) throw new Error('buildRunSet needs at least one result');
  const partial = runs.some((r) => r.result.endS < r.scenario.durationS);
  return { runs, updating, order: jobs.map((j) => j.key), compare, endS: Math.max(...runs.map((r) => r.result.endS)), partial, wallMs };
}

/** A run stepping can follow; `waiting`: still to come, listed but not selectable. */
export interface StepChoice {
  key: string;
  label: string;
  waiting: boolean;
}

/**
 * The runs whose congestion events stepping can follow, in job order, those still to come
 * included (`waiting`): while a comparison fills in, the picker keeps every option, so it keeps
 * its place and width rather than vanishing with one run in and coming back with the rest,
 * which would move the seek slider and the zoom buttons twice per edit.
 */
export function stepChoices(set: RunSet): StepChoice[] {
  const byKey = new Map<string, StepChoice>();
  for (const r of set.runs) byKey.set(r.key, { key: r.key, label: r.label, waiting: false });
  for (const u of set.updating) byKey.set(u.key, { key: u.key, label: u.label, waiting: true });
  return set.order.flatMap((k) => byKey.get(k) ?? []);
}

/**
 * The span a summary speaks of: "over 60 s", or, for a run stopped by a cap, "over the first
 * 42.3 s" — never the scenario's full duration for a run that did not get there.
 */
export function overSpan(set: Pick<RunSet, 'endS' | 'partial'>): string {
  return set.partial ? `over the first ${+set.endS.toFixed(1)} s` : `over ${+set.endS.toFixed(3)} s`;
}

export interface SeriesStyle {
  label: string;
  colour: string;
  dash: string | null;
}

/**
 * The series a comparison's runs still to come will add, styled as flowStyle will style them
 * (a comparison runs one scenario per variant: their flows are the first run's). Legends list
 * them while the comparison fills in, so they keep their size and nothing below them moves.
 */
export function updatingFlowStyles(set: RunSet): (SeriesStyle & { key: string })[] {
  const many = (set.runs[0]?.scenario.flows.length ?? 0) > 1;
  return updatingFlows(set).map(({ key, flowId, run }) => ({ key, ...compareStyle(run, flowId, many) }));
}

/** Each flow of each run still to come (see updatingFlowStyles), keyed as its drawn series will be. */
export function updatingFlows(set: RunSet): { key: string; flowId: string; run: UpdatingRun }[] {
  const flows = set.runs[0]?.scenario.flows ?? [];
  return set.updating.flatMap((run) => flows.map((f) => ({ key: `${run.key}/${f.id}`, flowId: f.id, run })));
}

/** A compared run's flow: the run's colour and dash, named by the run (and the flow, when there are several). */
function compareStyle(run: { label: string; colour: string; dash: string | null }, flowId: string, many: boolean): SeriesStyle {
  return { label: many ? `${run.label} · ${flowId}` : run.label, colour: run.colour, dash: run.dash };
}

/**
 * How one flow of one run is drawn. Compare mode: the run's colour and dash. Otherwise, one
 * flow keeps its variant's colour; several flows get a colour (and past six, a dash) each, so
 * five NewReno flows are not five identical blue lines.
 */
export function flowStyle(set: RunSet, run: VariantRun, flow: number): SeriesStyle {
  const id = run.scenario.flows[flow]?.id ?? `flow${flow + 1}`;
  const many = run.scenario.flows.length > 1;
  if (set.compare) return compareStyle(run, id, many);
  if (!many) return { label: id, colour: variantColour(run.scenario.flows[flow]?.variant ?? ''), dash: null };
  return { label: id, colour: LINE_COLOURS[flow % LINE_COLOURS.length], dash: DASHES[Math.floor(flow / LINE_COLOURS.length) % DASHES.length] };
}
