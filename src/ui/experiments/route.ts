/**
 * The experiments view's place in the URL: `#experiment=ID` for a figure preset (optionally
 * `&metric=REF` for the plotted metric), `#experiment=j.DATA` for an experiment of one's own
 * (lz-string compressed JSON, like the scenario links). Anything else in the hash belongs to the
 * main view. Decoding never throws: a mangled link gives named-field problems and no experiment.
 */
import LZString from 'lz-string';
import { getFigure, FIGURE_IDS } from '../../experiments/figures.ts';
import { formatSpecErrors, parseExperiment, type Experiment } from '../../experiments/spec.ts';
import { closest } from '../../scenario/validate.ts';

export const EXPERIMENT_PREFIX = 'experiment=';
const MAX_LINK_CHARS = 16_000;

export function isExperimentHash(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(EXPERIMENT_PREFIX);
}

export interface ExperimentRoute {
  /** null: show the menu. */
  experiment: Experiment | null;
  /** The figure preset's id, when the experiment is one (unchanged). */
  figureId: string | null;
  metric: string | null;
  problems: string[];
}

export function encodeExperimentHash(e: { figureId: string | null; experiment: Experiment | null; metric: string | null }): string {
  const metric = e.metric ? `&metric=${encodeURIComponent(e.metric)}` : '';
  if (e.figureId) return `${EXPERIMENT_PREFIX}${e.figureId}${metric}`;
  if (!e.experiment) return EXPERIMENT_PREFIX;
  return `${EXPERIMENT_PREFIX}j.${LZString.compressToEncodedURIComponent(JSON.stringify(e.experiment))}${metric}`;
}

export function decodeExperimentHash(hash: string): ExperimentRoute {
  const body = hash.replace(/^#/, '').slice(EXPERIMENT_PREFIX.length);
  const [main, ...params] = body.split('&');
  let metric: string | null = null;
  for (const p of params) if (p.startsWith('metric=')) metric = safeDecode(p.slice(7));
  const none = (problems: string[]): ExperimentRoute => ({ experiment: null, figureId: null, metric: null, problems });
  if (main === '') return none([]);
  if (main.length > MAX_LINK_CHARS) return none([`The experiment in the link is ${main.length} characters long; at most ${MAX_LINK_CHARS} are read.`]);
  let input: unknown;
  let figureId: string | null = null;
  if (main.startsWith('j.')) {
    let json: string | null = null;
    try {
      json = LZString.decompressFromEncodedURIComponent(main.slice(2));
    } catch {
      // lz-string throws on some malformed input instead of returning null
    }
    if (!json) return none(['The experiment in the link is damaged (it does not decompress). Pick one from the menu.']);
    try {
      input = JSON.parse(json);
    } catch {
      return none(['The experiment in the link is not valid JSON. Pick one from the menu.']);
    }
  } else {
    const fig = getFigure(main);
    if (!fig) {
      const guess = closest(main, FIGURE_IDS);
      return none([`experiment: "${main}" is not a figure preset${guess ? ` — did you mean "${guess}"?` : ''}. Pick one from the menu.`]);
    }
    figureId = main;
    input = fig.experiment;
  }
  const r = parseExperiment(input);
  if (!r.ok) return none(['The experiment in the link could not be used:', ...formatSpecErrors(r.errors).split('\n').slice(0, 20)]);
  const problems: string[] = [];
  if (metric !== null && !r.experiment.metrics.includes(metric)) {
    problems.push(`metric: "${metric}" is not recorded by this experiment — allowed: ${r.experiment.metrics.join(', ')}; showing ${r.experiment.metrics[0]}.`);
    metric = null;
  }
  return { experiment: r.experiment, figureId, metric, problems };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
