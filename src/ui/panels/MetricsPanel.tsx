/** One row per flow (per compared variant), every metric the engine reports, the best of each column highlighted. */
import { useEffect, useState } from 'react';
import { traceHashOf } from '../../worker/client.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import { CAUSE_STYLE, variantColour } from '../../catalogue/palette.ts';
import { int, mbps, variantLabel } from '../../catalogue/format.ts';
import { overSpan, updatingFlows, type RunSet } from '../state/runSet.ts';
import { Panel } from './Panel.tsx';
import { bestRows, metricColumns } from './metricColumns.ts';
import type { PanelProps } from './types.ts';

interface Row {
  key: string;
  run: RunSet['runs'][number];
  flow: RunSet['runs'][number]['result']['flows'][number];
}

/**
 * A run's fingerprint. It follows the result a few milliseconds later (the worker computes it
 * after posting the run), so only this element re-renders when it arrives; "…" meanwhile.
 */
function TraceHash({ result, testId }: { result: RunOutput; testId?: string }) {
  const [arrived, setArrived] = useState<{ result: RunOutput; hash: string } | null>(null);
  useEffect(() => {
    let live = true;
    // may have arrived between this render and this effect: then it resolves at once
    void traceHashOf(result).then((hash) => live && setArrived({ result, hash }));
    return () => {
      live = false;
    };
  }, [result]);
  const hash = arrived?.result === result ? arrived.hash : result.traceHash;
  return (
    <code data-testid={testId} title="Same scenario and seed give the same fingerprint on any machine" aria-busy={!hash}>
      {hash || '…'}
    </code>
  );
}

/** The panel's component (its declaration is in registry.ts). */
export function MetricsPanel({ set }: PanelProps) {
  const rows: Row[] = set.runs.flatMap((run) => run.result.flows.map((flow) => ({ key: `${run.key}/${flow.id}`, run, flow })));
  // Loss-classification accuracy is nested in the result; the table shows it as a percentage column.
  const records = rows.map((r): Record<string, unknown> => {
    const acc = r.flow.classification?.accuracy;
    return { ...r.flow, lossVerdictAccuracyPct: acc === null || acc === undefined ? null : 100 * acc };
  });
  const columns = metricColumns(records);
  // While a comparison fills in, no value is called the best: the runs still to come may beat it.
  const filling = set.updating.length > 0;
  const best = columns.map((c) => (filling ? new Set<number>() : bestRows(records.map((r) => (typeof r[c.key] === 'number' ? (r[c.key] as number) : null)), c.better)));
  const first = set.runs[0];
  // The runs still to come keep their rows (their flows are the first run's: a comparison runs
  // one scenario per variant), so the table keeps its height and nothing below it moves.
  const waiting = updatingFlows(set);
  const bn = first ? bottleneckOf(first.scenario.path) : null;
  const bottleneck = bn === null ? undefined : first.result.links[bn.linkIndex];
  const bottleneckDrops = bottleneck ? Object.values(bottleneck.drops).reduce((a, b) => a + b, 0) : 0;
  const summary = rows
    .map((r) => `${variantLabel(r.flow.variant)} ${r.flow.id}: ${mbps(r.flow.goodputBps)} Mb/s goodput, ${int(r.flow.retransmissions)} retransmissions, ${int(r.flow.timeouts)} timeouts`)
    .join('; ');
  return (
    <Panel id="metrics" className="metrics" title="Metrics" hint="The best value in each column is highlighted; goodput counts only new data that reached the application." summary={`${summary}.`}>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Metrics table (scrolls sideways)">
        <table>
          <thead>
            <tr>
              <th scope="col">Flow</th>
              <th scope="col">Variant</th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className="num" title={c.better ? `${c.better === 'high' ? 'higher' : 'lower'} is better` : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.key}>
                <th scope="row">{r.flow.id}</th>
                <td>
                  <span className="dot" style={{ background: set.compare ? r.run.colour : variantColour(r.flow.variant) }} aria-hidden="true" />
                  {variantLabel(r.flow.variant)}
                </td>
                {columns.map((c, j) => {
                  const v = records[i][c.key];
                  const isBest = best[j].has(i);
                  return (
                    <td key={c.key} className={isBest ? 'num best' : 'num'}>
                      {typeof v === 'number' && Number.isFinite(v) ? c.format(v) : '—'}
                      {isBest ? <span className="visually-hidden"> (best)</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
            {waiting.map((w) => (
              <tr key={w.key} className="waiting" aria-busy="true" data-testid="metrics-waiting">
                <th scope="row">{w.flowId}</th>
                <td>
                  <span className="dot" style={{ background: w.run.colour }} aria-hidden="true" />
                  {w.run.label}
                </td>
                <td className="num" colSpan={columns.length}>
                  updating…
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {first ? (
        <p className="footnote">
          Bottleneck link {bottleneck?.id}: {mbps(bottleneck?.rateBps ?? 0)} Mb/s,{' '}
          <span data-testid="bottleneck-sent">{int(bottleneck?.packetsSent ?? 0)}</span> packets sent, {int(bottleneckDrops)} drops in total
          {bottleneckDrops > 0 ? <DropCauses drops={bottleneck?.drops ?? {}} /> : null}; {int(first.result.sim.events)} events simulated for {first.result.sim.simTimeS.toFixed(0)} s, seed {first.result.sim.seed}, in{' '}
          {int(first.result.engineMs)} ms. Trace fingerprint{' '}
          <TraceHash result={first.result} testId="trace-hash" />
          {set.runs.slice(1).map((r) => (
            <span key={r.key}>
              , {r.label} <TraceHash result={r.result} />
            </span>
          ))}
          .{set.partial ? ` Metrics are ${overSpan(set)} only: the run was stopped there.` : ''}
          {set.runs.some((r) => r.result.decimated) ? ' Charts show a display-decimated trace (every peak kept); metrics are exact.' : ''}
        </p>
      ) : null}
    </Panel>
  );
}

/** " (queue overflow 70, channel error 5)": each cause with drops, in the palette's order, countable by tests. */
function DropCauses({ drops }: { drops: Record<string, number> }) {
  const shown = CAUSE_STYLE.filter((c) => (drops[c.cause] ?? 0) > 0);
  return (
    <>
      {' ('}
      {shown.map((c, i) => (
        <span key={c.cause}>
          {i > 0 ? ', ' : ''}
          {c.label} <span data-testid={`drops-${c.cause}`}>{int(drops[c.cause])}</span>
        </span>
      ))}
      {')'}
    </>
  );
}
