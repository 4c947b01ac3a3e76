/** A sender's token bucket: its level over time, and the tokens taken per RTT against what it permits, per run. */
import { FLOW_EVENTS } from '../../engine/core/trace.ts';
import { INK } from '../../catalogue/palette.ts';
import { dropsWithCause, finiteMax } from '../charts/series.ts';
import { renderTokenChart, TOKEN_COLOURS, tokenCursor, type TokenChartInput } from '../charts/tokenChart.ts';
import { bucketLevel, bucketTakes, refilledFullS, takesComplete, timeFullS, tokenBins, type TokenBins } from '../charts/tokenSeries.ts';
import { int } from '../../catalogue/format.ts';
import { flowStyle, type RunSet, type VariantRun } from '../state/runSet.ts';
import { allFlows, keyedTimePanel } from './KeyedTimePanel.tsx';
import { tokenNotice } from '../events/notices.ts';
import { LegendItem } from './Legend.tsx';
import { maxOf } from './perRun.ts';
import type { KeyedMeta } from './types.ts';

interface RunTokens {
  run: VariantRun;
  label: string;
  input: Omit<TokenChartInput, 'windowS' | 'maxPerRtt'>;
  takes: number;
  /** The engine's figures, from the full run. */
  meanPerRtt: number | null;
  permittedPerRtt: number | null;
  fullS: number;
  /** False when the display trace was thinned and bars could not be rebuilt. */
  complete: boolean;
}

function tokensOf(set: RunSet, run: VariantRun, flow: number): RunTokens | null {
  const spec = run.scenario.flows[flow];
  const fr = run.result.flows[flow];
  if (!spec?.tokenBucket || !fr) return null;
  const endS = run.result.sim.simTimeS;
  const startS = spec.startS;
  const { takeS, leftAfter } = bucketTakes(run.result.trace, flow);
  const complete = takesComplete(takeS.length, fr.segmentsSent);
  // a thinned trace cannot be rebuilt between takes: its rows are drawn as they are
  const level = complete ? bucketLevel(takeS, leftAfter, spec.tokenBucket, startS, endS) : { tS: takeS, tokens: leftAfter };
  let bins: TokenBins | null = null;
  if (complete && fr.tokensPermittedPerRtt !== null) {
    const toS = fr.completionTimeS !== null ? startS + fr.completionTimeS : endS;
    bins = tokenBins(takeS, spec.tokenBucket, fr.tokensPermittedPerRtt, startS, toS);
  }
  const style = flowStyle(set, run, flow);
  return {
    run,
    label: style.label,
    input: { endS: set.endS, label: style.label, level, depthTokens: spec.tokenBucket.depthTokens, bins, drops: dropsWithCause(run.result.trace, { flow, dataOnly: true }) },
    takes: complete ? takeS.length : fr.segmentsSent,
    meanPerRtt: fr.tokensPerRtt,
    permittedPerRtt: fr.tokensPermittedPerRtt,
    fullS: timeFullS(level, spec.tokenBucket.depthTokens),
    complete,
  };
}

const RECOVERY_EXIT = FLOW_EVENTS.indexOf('recovery-exit');

/** Seconds a flow's bucket sat full again after the flow's first fast retransmit or timeout (0 if it never backed off). */
function fullAfterBackoffS(run: VariantRun, flow: number): number {
  const spec = run.scenario.flows[flow]?.tokenBucket;
  const ev = run.result.trace.event;
  let firstS = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ev.tNs.length; i++)
    if (ev.flow[i] === flow && ev.kind[i] !== RECOVERY_EXIT) {
      firstS = ev.tNs[i] / 1e9;
      break;
    }
  if (!spec || !Number.isFinite(firstS)) return 0;
  const { takeS, leftAfter } = bucketTakes(run.result.trace, flow);
  // as the chart draws it: rebuilt between takes unless the display trace was thinned
  const complete = takesComplete(takeS.length, run.result.flows[flow]?.segmentsSent ?? 0);
  const level = complete ? bucketLevel(takeS, leftAfter, spec, run.scenario.flows[flow].startS, run.result.sim.simTimeS) : { tS: takeS, tokens: leftAfter };
  return refilledFullS(level, spec.depthTokens, firstS);
}

/** The panel's "Notice" line for one flow of the runs. */
export function tokenBucketHint(runs: readonly VariantRun[], flow: number): string {
  return tokenNotice(
    runs.map((r) => r.result),
    Math.max(0, ...runs.map((r) => fullAfterBackoffS(r, flow))),
  );
}

export function tokenSummary(t: Pick<RunTokens, 'label' | 'takes' | 'meanPerRtt' | 'permittedPerRtt' | 'fullS' | 'complete'>, binMs: number | null, durationS: number): string {
  const use =
    t.meanPerRtt !== null && t.permittedPerRtt !== null
      ? `${t.meanPerRtt.toFixed(2)} tokens per RTT of ${t.permittedPerRtt.toFixed(2)} permitted (${Math.round((100 * t.meanPerRtt) / t.permittedPerRtt)} %)${binMs === null ? '' : `, in RTT bins of ${binMs.toFixed(1)} ms`}`
      : 'no RTT measured, so no per-RTT figure';
  return (
    `${t.label}: ${int(t.takes)} tokens taken; ${use}` +
    (t.complete ? `; the bucket sat full, wasting new tokens, ${t.fullS.toFixed(1)} s of ${durationS.toFixed(0)} s.` : '.') +
    (t.complete ? '' : ' This long run’s display trace was thinned: the level is drawn from the rows kept, and the per-RTT bars are not drawn.')
  );
}

/** The panel's component, given its declaration (registry.ts). */
export const tokenBucketPanel = (meta: KeyedMeta) =>
  keyedTimePanel<RunTokens, TokenChartInput>(meta, {
    pickLabel: 'Flow',
    // only the flows that have a bucket
    items: (run) => allFlows(run).filter((f) => run.scenario.flows[f.index].tokenBucket !== null),
    perRun: tokensOf,
    inputs: (runs, _set, windowS) => {
      const maxPerRtt = Math.max(
        maxOf(runs, (t) => (t.input.bins ? finiteMax(t.input.bins.consumed) : 0)),
        maxOf(runs, (t) => t.permittedPerRtt ?? 0),
        1,
      );
      return runs.map((t) => ({ ...t.input, windowS, maxPerRtt }));
    },
    sentence: (t) => tokenSummary(t, t.input.bins ? t.input.bins.widthS * 1000 : null, t.run.result.sim.simTimeS),
    summary: (sentences, flow, first) => {
      const spec = flow ? first?.scenario.flows[flow.index]?.tokenBucket : undefined;
      return (
        `Token bucket of ${flow?.id ?? 'the flow'}` +
        (spec ? ` (${spec.tokensPerInterval} tokens per ${spec.intervalMs} ms, depth ${spec.depthTokens}, one token per segment)` : '') +
        `: ${sentences.join(' ')}`
      );
    },
    legend: () => (
      <>
        <LegendItem swatch={{ kind: 'line', colour: TOKEN_COLOURS.level }} label="bucket level" />
        <LegendItem swatch={{ kind: 'line', colour: INK, dashed: true, thin: true }} label="depth / permitted per RTT" />
        <LegendItem swatch={{ kind: 'band', colour: TOKEN_COLOURS.bars }} label="tokens taken in one RTT" />
        <LegendItem swatch={{ kind: 'line', colour: TOKEN_COLOURS.mean }} label="mean taken per RTT" />
      </>
    ),
    hint: (runs, item) => tokenBucketHint(runs, item?.index ?? 0),
    render: renderTokenChart,
    cursor: tokenCursor,
    heightPx: 360,
  });
