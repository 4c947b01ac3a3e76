/**
 * Beside a figure's verdict: why it does not match (src/experiments/analyses.ts) — what the paper
 * states, what we run, the difference, the mechanism, and the experiments that show it, each a
 * link that opens it in this view.
 */
import { figureAnalysis, whyExperiment } from '../../experiments/analyses.ts';
import type { Badge } from '../../experiments/verdict.ts';
import { parseExperiment } from '../../experiments/spec.ts';
import { encodeExperimentHash } from './route.ts';

export function FigureAnalysisNote({ figureId, badge }: { figureId: string; badge: Badge | null }) {
  const a = figureAnalysis(figureId);
  if (!a) return null;
  return (
    <details className="exp-analysis" open data-testid="exp-analysis">
      {/* While the runs come in (no verdict yet) the record speaks for the figure as last measured. */}
      <summary>{badge === 'matches' || badge === 'partly' ? 'Why it did not match (recorded analysis)' : 'Why it does not match'}</summary>
      <dl>
        <dt>The paper</dt>
        <dd>{a.paperStates}</dd>
        <dt>What we run</dt>
        <dd>{a.weRun}</dd>
        <dt>The difference</dt>
        <dd>{a.difference}</dd>
        <dt>The mechanism</dt>
        <dd>{a.mechanism}</dd>
        <dt>{a.experiments.length > 1 ? 'The experiments that show it' : 'The experiment that shows it'}</dt>
        <dd>
          <ul>
            {a.experiments.map((w, i) => {
              const parsed = parseExperiment(whyExperiment(a, i));
              return (
                <li key={w.change}>
                  {w.change}: {w.result}{' '}
                  {parsed.ok ? (
                    <a href={`#${encodeExperimentHash({ figureId: null, experiment: parsed.experiment, metric: null })}`} data-testid="exp-analysis-run">
                      Run it
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </dd>
      </dl>
    </details>
  );
}
