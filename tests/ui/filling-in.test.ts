/**
 * What a comparison filling in shows of the runs still to come. The metrics table keeps their
 * rows (so it keeps its height), and marks no value best until every run is in — with one run
 * in, "best" would be a claim the comparison may contradict (real runs of a short scenario in
 * Node). Legends list their series styled as they will be once drawn (updatingFlowStyles).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { MetricsPanel } from '../../src/ui/panels/MetricsPanel.tsx';
import { Panel, summaryWithUpdating, UpdatingRunsContext } from '../../src/ui/panels/Panel.tsx';
import { buildRunSet, flowStyle, runJobs, stepChoices, updatingFlowStyles } from '../../src/ui/state/runSet.ts';
import type { RunOutput } from '../../src/worker/protocol.ts';
import { startRun } from '../../src/worker/runForDisplay.ts';

const parsed = parseScenario(getPreset('reference-2mbps')?.scenario);
if (!parsed.ok) throw new Error('reference-2mbps does not validate');
const scenario = { ...parsed.scenario, durationS: 5 };
const jobs = runJobs(scenario, ['tahoe', 'reno', 'newreno']);
const results = jobs.map((j) => {
  const run = startRun(j.scenario, {});
  while (!run.step(50_000));
  return run.finish();
});
const render = (arrived: readonly boolean[]): string =>
  renderToStaticMarkup(createElement(MetricsPanel, { set: buildRunSet(jobs, results.map((r, i) => (arrived[i] ? r : undefined)), 0), layout: 'overlay', presenter: false }));
const count = (html: string, re: RegExp): number => html.match(re)?.length ?? 0;

describe('metrics table while a comparison fills in', () => {
  it('keeps a row per run still to come, named, and marks nothing best', () => {
    const html = render([true, false, false]);
    expect(scenario.flows.length).toBe(1);
    expect(count(html, /<tr/g)).toBe(1 + 3); // header and one row per job
    expect(count(html, /data-testid="metrics-waiting"/g)).toBe(2);
    expect(html).toContain('Reno');
    expect(html).toContain('NewReno');
    expect(count(html, /class="num best"/g)).toBe(0);
  });

  it('marks the best values once every run is in, with no waiting rows', () => {
    const html = render([true, true, true]);
    expect(count(html, /<tr/g)).toBe(1 + 3);
    expect(count(html, /data-testid="metrics-waiting"/g)).toBe(0);
    expect(count(html, /class="num best"/g)).toBeGreaterThan(0);
  });
});

describe('legend entries of the runs still to come', () => {
  it('are styled and named as each run’s series will be once it is in, one per flow', () => {
    const two = { ...scenario, flows: [scenario.flows[0], { ...scenario.flows[0], id: 'second' }] };
    const jobs2 = runJobs(two, ['tahoe', 'reno', 'vegas']);
    const fake = (endS: number): RunOutput => ({ endS }) as RunOutput;
    const filling = buildRunSet(jobs2, [fake(5), undefined, undefined], 0);
    const complete = buildRunSet(jobs2, [fake(5), fake(5), fake(5)], 0);
    const waiting = updatingFlowStyles(filling);
    expect(waiting.map((w) => w.label)).toEqual(['Reno · flow1', 'Reno · second', 'Vegas · flow1', 'Vegas · second'].map((l) => l.replace('flow1', two.flows[0].id)));
    const drawn = complete.runs.slice(1).flatMap((run) => two.flows.map((_, i) => flowStyle(complete, run, i)));
    expect(waiting.map(({ label, colour, dash }) => ({ label, colour, dash }))).toEqual(drawn);
    expect(updatingFlowStyles(complete)).toEqual([]);
  });
});

describe('the stepping picker while a comparison fills in', () => {
  it('lists every run in job order, whichever came in first, those still to come marked waiting', () => {
    const fake = (endS: number): RunOutput => ({ endS }) as RunOutput;
    // NewReno in first (the run the lecturer follows goes ahead), then Tahoe
    const choices = stepChoices(buildRunSet(jobs, [undefined, undefined, fake(5)], 0));
    expect(choices).toEqual([
      { key: 'v-tahoe', label: 'Tahoe', waiting: true },
      { key: 'v-reno', label: 'Reno', waiting: true },
      { key: 'v-newreno', label: 'NewReno', waiting: false },
    ]);
    expect(stepChoices(buildRunSet(jobs, [fake(5), undefined, fake(5)], 0)).map((c) => c.waiting)).toEqual([false, true, false]);
    expect(stepChoices(buildRunSet(jobs, [fake(5), fake(5), fake(5)], 0)).every((c) => !c.waiting)).toBe(true);
  });
});

describe('panel summaries while a comparison fills in', () => {
  it('name the runs still to come after what the drawing shows, and only then', () => {
    const filling = buildRunSet(jobs, [results[0], undefined, undefined], 0);
    const panel = (updating: typeof filling.updating): string =>
      renderToStaticMarkup(createElement(UpdatingRunsContext.Provider, { value: updating }, createElement(Panel, { id: 'p', title: 'T', hint: 'h', summary: 'Tahoe peaks at 40 segments.', children: null })));
    const summary = (html: string): string => /data-testid="p-summary">([^<]*)</.exec(html)?.[1] ?? '';
    expect(summary(panel(filling.updating))).toBe('Tahoe peaks at 40 segments. Still to come: Reno and NewReno.');
    expect(summary(panel([]))).toBe('Tahoe peaks at 40 segments.');
    expect(summaryWithUpdating(undefined, filling.updating)).toBeUndefined();
  });
});
