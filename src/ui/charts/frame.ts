/**
 * What every time panel shares: margins, the time scale, axes and the drop lane. Charts use
 * the same margins and x range so their time axes line up when stacked.
 */
import * as d3 from 'd3';

export interface ChartSize {
  width: number;
  height: number;
}

/** `top` leaves room for the drop lane above the plot, `left` for three-digit ticks and a unit label. */
export const MARGIN = { top: 34, right: 28, bottom: 50, left: 78 } as const;
/** Vertical centre of the drop lane, above the plot area. */
export const LANE_Y = 16;
/** Marks closer than this (about half a marker's width) are drawn once. */
export const MARK_BIN_PX = 6;

type Svg = d3.Selection<SVGSVGElement, unknown, null, undefined>;
export type Group = d3.Selection<SVGGElement, unknown, null, undefined>;

/** The child `<g class=cls>` of parent, created on first use: renders are idempotent. */
export function layer(parent: Svg | Group, cls: string): Group {
  const existing = parent.select<SVGGElement>(`:scope > g.${cls.split(' ').join('.')}`);
  if (!existing.empty()) return existing as unknown as Group;
  return parent.append('g').attr('class', cls) as unknown as Group;
}

export function timeScale(durationS: number, width: number): d3.ScaleLinear<number, number> {
  return d3.scaleLinear().domain([0, durationS]).range([MARGIN.left, Math.max(MARGIN.left + 1, width - MARGIN.right)]);
}

export function valueScale(max: number, height: number): d3.ScaleLinear<number, number> {
  return d3
    .scaleLinear()
    .domain([0, Math.max(1, max)])
    .nice()
    .range([Math.max(MARGIN.top + 1, height - MARGIN.bottom), MARGIN.top]);
}

/** Room for roughly one tick per 90 px keeps labels apart at projector font sizes. */
const ticksFor = (px: number, perTick: number): number => Math.max(2, Math.floor(px / perTick));

export function drawFrame(
  svg: Svg,
  x: d3.ScaleLinear<number, number>,
  y: d3.ScaleLinear<number, number>,
  size: ChartSize,
  labels: { y: string; x: string },
): void {
  svg.attr('viewBox', `0 0 ${size.width} ${size.height}`).attr('width', size.width).attr('height', size.height);
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();

  const grid = layer(svg, 'grid');
  grid
    .selectAll('line')
    .data(y.ticks(ticksFor(plotBottom - plotTop, 48)))
    .join('line')
    .attr('x1', plotLeft)
    .attr('x2', plotRight)
    .attr('y1', (d) => y(d))
    .attr('y2', (d) => y(d));

  layer(svg, 'axis x-axis')
    .attr('transform', `translate(0,${plotBottom})`)
    .call(d3.axisBottom(x).ticks(ticksFor(plotRight - plotLeft, 90)).tickSizeOuter(0));
  layer(svg, 'axis y-axis')
    .attr('transform', `translate(${plotLeft},0)`)
    .call(d3.axisLeft(y).ticks(ticksFor(plotBottom - plotTop, 48)).tickSizeOuter(0));

  const axisLabels = layer(svg, 'axis-labels');
  axisLabels
    .selectAll('text.x-label')
    .data([labels.x])
    .join('text')
    .attr('class', 'x-label')
    .attr('x', plotRight)
    .attr('y', size.height - 8)
    .attr('text-anchor', 'end')
    .text((d) => d);
  axisLabels
    .selectAll('text.y-label')
    .data([labels.y])
    .join('text')
    .attr('class', 'y-label')
    .attr('transform', `translate(20,${(plotTop + plotBottom) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle')
    .text((d) => d);
}

/** A clip rectangle for the plot area so clamped and overshooting lines never spill onto the axes. */
export function clipToPlot(svg: Svg, id: string, x: d3.ScaleLinear<number, number>, y: d3.ScaleLinear<number, number>): string {
  const defs = layer(svg, 'defs-holder');
  const [plotBottom, plotTop] = y.range();
  const [plotLeft, plotRight] = x.range();
  defs
    .selectAll('clipPath')
    .data([id])
    .join((enter) => enter.append('clipPath').attr('id', (d) => d).call((c) => c.append('rect')))
    .select('rect')
    // a little headroom so a line at the top of the domain keeps its full stroke width
    .attr('x', plotLeft)
    .attr('y', plotTop - 4)
    .attr('width', plotRight - plotLeft)
    .attr('height', plotBottom - plotTop + 4);
  return `url(#${id})`;
}

/**
 * Drop marks in the lane above the plot, one per MARK_BIN_PX at most: hundreds of drops in
 * one burst would otherwise stack into a smear of identical shapes.
 */
export function drawDropLane(svg: Svg, x: d3.ScaleLinear<number, number>, drops: { tS: Float64Array; colour: string }[]): void {
  const lane = layer(svg, 'drop-lane');
  const marks: { px: number; colour: string }[] = [];
  for (const d of drops) {
    const seen = new Set<number>();
    for (let i = 0; i < d.tS.length; i++) {
      const bin = Math.round(x(d.tS[i]) / MARK_BIN_PX);
      if (seen.has(bin)) continue;
      seen.add(bin);
      marks.push({ px: x(d.tS[i]), colour: d.colour });
    }
  }
  lane
    .selectAll('text.lane-label')
    .data(['drops'])
    .join('text')
    .attr('class', 'lane-label')
    .attr('x', x.range()[0] - 8)
    .attr('y', LANE_Y)
    .attr('dy', '0.35em')
    .attr('text-anchor', 'end')
    .text((d) => d);
  const sym = d3.symbol(d3.symbolTimes, 70)();
  lane
    .selectAll<SVGPathElement, { px: number; colour: string }>('path.drop-mark')
    .data(marks)
    .join('path')
    .attr('class', 'drop-mark')
    .attr('d', sym)
    .attr('transform', (m) => `translate(${m.px},${LANE_Y})`)
    .attr('stroke', (m) => m.colour);
}
