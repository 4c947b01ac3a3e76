/**
 * The cwnd chart with TCP-Probing's data-suspension periods shaded under it: from each probe
 * cycle's start to its decision the sender sends no data, whatever cwnd says. Drawn as a layer
 * beneath the recovery spans and lines of renderCwndChart, with the same scales and clip.
 */
import * as d3 from 'd3';
import type { VariantRun } from '../state/runSet.ts';
import { renderCwndChart, type CwndChartInput } from './cwndChart.ts';
import { drawSpans, timeScale, valueScale, type ChartSize, type Group } from './frame.ts';
import { OKABE_ITO } from '../../catalogue/palette.ts';
import { probeCycles, suspensionSpans } from './probeSeries.ts';
import type { Span } from './series.ts';

/**
 * A probe cycle's shading, here and in the probe panel (probeChart.ts re-exports it): defined
 * here, as the first chart draws it and the probe panel's code loads later.
 */
export const CYCLE_FILL = OKABE_ITO.skyBlue;

export interface CwndWithSuspensions extends CwndChartInput {
  suspensions: Span[];
}

/** Every flow's data-suspension spans in one run (none unless a flow probes). */
export function runSuspensions(run: VariantRun): Span[] {
  if (run.result.trace.probe.tNs.length === 0) return [];
  return run.scenario.flows.flatMap((f, i) => suspensionSpans(probeCycles(run.result.trace, i, f.tcp.mssBytes, run.result.sim.simTimeS)));
}

export function renderCwndWithSuspensions(el: SVGSVGElement, input: CwndWithSuspensions, size: ChartSize): void {
  renderCwndChart(el, input, size);
  const svg = d3.select(el);
  let g = svg.select<SVGGElement>(':scope > g.suspension-spans') as unknown as Group;
  if (g.empty()) g = svg.insert('g', ':scope > g.spans').attr('class', 'suspension-spans') as unknown as Group;
  g.attr('clip-path', `url(#${el.id || 'cwnd'}-clip)`);
  drawSpans(g, 'suspension-span', timeScale(input.windowS, size.width), valueScale(input.yMax, size.height), input.suspensions, () => CYCLE_FILL);
  g.selectAll('rect.suspension-span').attr('opacity', 0.3);
}
