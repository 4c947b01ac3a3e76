/** Two flows' rates against each other (Chiu & Jain's vector diagram), growing with the playhead. */
import { useLayoutEffect, useMemo, useRef } from 'react';
import { useElementWidth } from '../state/useElementWidth.ts';
import { bottleneckOf } from '../../engine/bottleneck.ts';
import { offScale, offScaleAtRepairs, ratePoints, ratesCursor, ratesScaleMax, renderRates, type RatesInput } from '../charts/ratesChart.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import type { RunSet } from '../state/runSet.ts';
import { LegendItem } from './Legend.tsx';
import { Panel } from './Panel.tsx';
import type { PanelProps } from './types.ts';
import { OKABE_ITO } from '../../catalogue/palette.ts';

/** Rates over bins of about four round trips of the reference path: short enough to see the sawtooth's steps, long enough not to be all noise. */
const BIN_S = 0.5;

function inputOf(set: RunSet): RatesInput {
  const run = set.runs[0];
  const bn = bottleneckOf(run.scenario.path);
  const bottleneck = bn === null ? undefined : run.result.links[bn.linkIndex];
  const [a, b] = run.scenario.flows;
  const points = ratePoints(run.result.trace, run.result.endS, BIN_S);
  const capacityMbps = (bottleneck?.rateBps ?? 0) / 1e6;
  return {
    points,
    capacityMbps,
    scaleMaxMbps: ratesScaleMax(points, capacityMbps),
    xLabel: `${a.id} (Mb/s)`,
    yLabel: `${b.id} (Mb/s)`,
  };
}

/** The panel's component (its declaration is in registry.ts). */
export function RatesPanel({ set, presenter }: PanelProps) {
  const input = useMemo(() => inputOf(set), [set]);
  const { playback } = useTimeAxis();
  const [box, width] = useElementWidth<HTMLDivElement>();
  const base = useRef<SVGSVGElement>(null);
  const top = useRef<SVGSVGElement>(null);
  const height = presenter ? 420 : 330;
  useLayoutEffect(() => {
    if (!base.current || !top.current || width <= 0) return;
    const size = { width, height };
    renderRates(base.current, input, size);
    const draw = (): void => ratesCursor(top.current!, input, size, playback.get().tS);
    draw();
    return playback.subscribe(draw);
  }, [input, width, height, playback]);
  const last = input.points.at(-1);
  const { beyond, offNote } = useMemo(() => {
    const beyond = offScale(input.points, input.scaleMaxMbps);
    if (beyond.count === 0) return { beyond, offNote: '' };
    const why = offScaleAtRepairs(set.runs[0].result.trace, input.points, input.scaleMaxMbps, BIN_S) ? ': there a recovery filled its hole, and the cumulative ACK counted at once everything the receiver had held' : '';
    return { beyond, offNote: ` ${beyond.count === 1 ? 'One bin lies' : `${beyond.count} bins lie`} beyond the axes (up to ${beyond.peakMbps.toFixed(1)} Mb/s), drawn on the border as ▲${why}.` };
  }, [input, set]);
  const legend = (
    <>
      <LegendItem swatch={{ kind: 'line', colour: OKABE_ITO.blue }} label="rates, one point per 0.5 s" />
      <LegendItem swatch={{ kind: 'line', colour: OKABE_ITO.bluishGreen, dashed: '8 5' }} label="fairness line" />
      <LegendItem swatch={{ kind: 'line', colour: OKABE_ITO.vermillion }} label="efficiency line" />
      {beyond.count > 0 ? <LegendItem swatch={{ kind: 'symbol', shape: 'triangle', colour: OKABE_ITO.blue }} label="bin beyond the axes" /> : null}
    </>
  );
  return (
    <Panel
      id="rates"
      title="Rate vs rate (Chiu–Jain)"
      hint="Notice how each loss moves the point toward the origin along its own line, and additive increase moves it parallel to the fairness line: AIMD ends near where the two lines cross."
      legend={legend}
      summary={last ? `Rates of the first two flows in 0.5 s bins; at the end ${input.xLabel.split(' ')[0]} ${last.x.toFixed(2)} Mb/s and ${input.yLabel.split(' ')[0]} ${last.y.toFixed(2)} Mb/s on a ${input.capacityMbps.toFixed(1)} Mb/s bottleneck.${offNote}` : ''}
    >
      <div className="rates-chart" ref={box} style={{ position: 'relative', height }}>
        <svg ref={base} className="chart" role="img" aria-label="Rate of the first flow against the rate of the second" />
        <svg ref={top} className="chart chart-overlay" aria-hidden="true" style={{ position: 'absolute', inset: 0 }} />
      </div>
    </Panel>
  );
}
