/**
 * Small multiples: every chart of a panel draws its drop marks in the colours the panel's legend
 * shows, and the queue legend's entries carry the colour and dash each chart draws its line in.
 * The case that failed: Tahoe (reddish purple line) and Reno (olive) as small multiples, both
 * with handoff drops. Reno's chart alone has no line near handoff's pink, so choosing for itself
 * it kept the pink; the legend, weighing Tahoe's line as well, showed a spare colour.
 */
import { describe, expect, it } from 'vitest';
import { CAUSE_STYLE, deltaE, distinctColours, MARK_CLASH_DELTA_E, MARK_COLOURS, themeValues } from '../../src/catalogue/palette.ts';
import { cwndDropColours, type CwndChartInput, type CwndFlowInput } from '../../src/ui/charts/cwndChart.ts';
import { queueDropColours, queueLineStyle, type QueueChartInput, type QueueSeriesInput } from '../../src/ui/charts/queueChart.ts';
import { withMarkLines } from '../../src/ui/panels/panelMarks.ts';
import { queueLegendLines } from '../../src/ui/panels/QueuePanel.tsx';

const HANDOFF = CAUSE_STYLE.findIndex((c) => c.cause === 'handoff');
const OVERFLOW = CAUSE_STYLE.findIndex((c) => c.cause === 'queue-overflow');
const [TAHOE, RENO] = distinctColours(['tahoe', 'reno']);
const drops = { tS: Float64Array.of(1, 2), cause: Uint8Array.of(HANDOFF, OVERFLOW) };
const empty = { tS: new Float64Array(0), values: new Float64Array(0) };

function cwndInput(key: string, colour: string, dash: string | null): CwndChartInput {
  const flow = { key, label: key, colour, dash, drops, fastRetransmitS: new Float64Array(0), timeoutS: new Float64Array(0), recoveries: [] } as unknown as CwndFlowInput;
  return { windowS: null, endS: 10, yMax: 100, flows: [flow] } as unknown as CwndChartInput;
}
function queueSeries(key: string, colour: string, dash: string | null): QueueSeriesInput {
  return { key, label: key, colour, dash, queue: empty, drops, marksS: new Float64Array(0) };
}
const queueInput = (series: QueueSeriesInput[]): QueueChartInput => ({ windowS: null, endS: 10, series, limit: empty }) as unknown as QueueChartInput;

describe('small multiples: legend and charts agree', () => {
  it('the cwnd drop marks: each multiple draws what the legend shows, far from every line of the panel', () => {
    const alone = [cwndInput('Tahoe', TAHOE, null), cwndInput('Reno', RENO, '9 4')];
    // what went wrong: Reno's chart choosing alone keeps handoff's own colour, the panel's choice does not
    const legendBefore = cwndDropColours({ flows: alone.flatMap((i) => i.flows) });
    expect(cwndDropColours(alone[1])(HANDOFF)).not.toBe(legendBefore(HANDOFF));

    const groups = withMarkLines(alone.map((input) => ({ key: input.flows[0].key, input })), (input) => input.flows.map((f) => f.colour));
    const legend = cwndDropColours(groups[0].input);
    for (const g of groups) for (const c of [HANDOFF, OVERFLOW]) expect(cwndDropColours(g.input)(c), `${g.key}, cause ${c}`).toBe(legend(c));
    for (const c of [HANDOFF, OVERFLOW])
      for (const line of [TAHOE, RENO]) for (const v of themeValues(legend(c))) expect(deltaE(v, line)).toBeGreaterThanOrEqual(MARK_CLASH_DELTA_E);
  });

  it('the queue: one chart of one run is the blue backlog; multiples and overlays list each line as drawn, and the drop marks agree', () => {
    // one run: one legend entry, the area
    const one = withMarkLines([{ key: 'a', input: queueInput([queueSeries('NewReno', RENO, null)]) }], (i) => i.series.map((s) => queueLineStyle(i, s).colour));
    expect(queueLegendLines(one)).toBeNull();
    expect(queueLineStyle(one[0].input, one[0].input.series[0]).colour).toBe(MARK_COLOURS.queue);

    // small multiples: each chart draws its one run in the queue's blue with the run's dash
    const multiples = withMarkLines(
      [
        { key: 'tahoe', input: queueInput([queueSeries('Tahoe', TAHOE, null)]) },
        { key: 'reno', input: queueInput([queueSeries('Reno', RENO, '9 4')]) },
      ],
      (i) => i.series.map((s) => queueLineStyle(i, s).colour),
    );
    expect(queueLegendLines(multiples)).toEqual([
      { key: 'Tahoe', label: 'Tahoe', colour: MARK_COLOURS.queue, dash: null },
      { key: 'Reno', label: 'Reno', colour: MARK_COLOURS.queue, dash: '9 4' },
    ]);
    const legend = queueDropColours(multiples[0].input);
    for (const g of multiples) for (const c of [HANDOFF, OVERFLOW]) expect(queueDropColours(g.input)(c)).toBe(legend(c));

    // overlaid: one chart, each run's line in its own colour and dash
    const overlay = withMarkLines([{ key: 'both', input: queueInput([queueSeries('Tahoe', TAHOE, null), queueSeries('Reno', RENO, '9 4')]) }], (i) => i.series.map((s) => queueLineStyle(i, s).colour));
    expect(queueLegendLines(overlay)).toEqual([
      { key: 'Tahoe', label: 'Tahoe', colour: TAHOE, dash: null },
      { key: 'Reno', label: 'Reno', colour: RENO, dash: '9 4' },
    ]);
    const overlayMarks = queueDropColours(overlay[0].input);
    for (const c of [HANDOFF, OVERFLOW]) for (const line of [TAHOE, RENO]) for (const v of themeValues(overlayMarks(c))) expect(deltaE(v, line)).toBeGreaterThanOrEqual(MARK_CLASH_DELTA_E);
  });
});
