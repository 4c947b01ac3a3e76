/** Panel registry and list edits, and the metrics table's generic columns and best-value rule. */
import { describe, expect, it } from 'vitest';
import { bestRows, betterFor, labelFor, metricColumns } from '../../src/ui/panels/metricColumns.ts';
import { DEFAULT_PANEL_IDS, PANEL_DEFS, PANELS } from '../../src/ui/panels/registry.ts';
import { PANEL_IDS, TRUTH_PANELS } from '../../src/catalogue/panels.ts';
import { hidePanel, movePanel, panelHasData, showPanel, visiblePanels } from '../../src/ui/state/panelList.ts';
import type { RunSet } from '../../src/ui/state/runSet.ts';
import { PanelIdSchema } from '../../src/ui/state/view.ts';

describe('ui panel registry', () => {
  it('has unique ids that are valid in the URL view', () => {
    const ids = PANELS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(PanelIdSchema.safeParse(id).success).toBe(true);
    expect(DEFAULT_PANEL_IDS.length).toBeGreaterThan(0);
  });

  it('matches the panel catalogue one to one, in its order', () => {
    expect(PANEL_DEFS.map((p) => p.id).sort()).toEqual([...PANEL_IDS].sort());
    expect(PANELS.map((p) => p.id)).toEqual([...PANEL_IDS]);
    for (const id of TRUTH_PANELS) expect(PANEL_IDS).toContain(id);
  });
});

describe('ui panel list', () => {
  const all = ['a', 'b', 'c'];
  it('uses the defaults when the view lists none, and drops unknown, unavailable and repeated ids', () => {
    expect(visiblePanels([], all, () => true)).toEqual(all);
    expect(visiblePanels(['c', 'x', 'a', 'c'], all, (id) => id !== 'x')).toEqual(['c', 'a']);
    expect(visiblePanels(['a', 'b'], all, (id) => id !== 'b')).toEqual(['a']);
  });
  it('moves a panel up or down one place, not past the ends', () => {
    expect(movePanel(all, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movePanel(all, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(movePanel(all, 'a', -1)).toEqual(all);
    expect(movePanel(all, 'c', 1)).toEqual(all);
  });
  it('keeps a panel the last complete set had data for while a comparison fills in, and only then', () => {
    // a panel that only Vegas fills: sets are told apart by the runs they hold
    const set = (runs: string[], updating: string[]): RunSet => ({ runs: runs.map((key) => ({ key })), updating: updating.map((key) => ({ key })) }) as unknown as RunSet;
    const vegasOnly = (s: RunSet): boolean => s.runs.some((r) => r.key === 'vegas');
    const complete = set(['tahoe', 'vegas'], []);
    expect(panelHasData(vegasOnly, set(['tahoe'], ['vegas']), complete)).toBe(true);
    expect(panelHasData(vegasOnly, set(['tahoe'], ['vegas']), null)).toBe(false);
    // complete without Vegas: the panel goes
    expect(panelHasData(vegasOnly, set(['tahoe', 'reno'], []), complete)).toBe(false);
    // filling in, but the last complete set had no data for it either
    expect(panelHasData(vegasOnly, set(['tahoe'], ['reno']), set(['tahoe', 'reno'], []))).toBe(false);
    expect(panelHasData(vegasOnly, set(['vegas'], ['tahoe']), null)).toBe(true);
  });
  it('hides and shows (at the end), without duplicates', () => {
    expect(hidePanel(all, 'b')).toEqual(['a', 'c']);
    expect(showPanel(['a', 'c'], 'b')).toEqual(['a', 'c', 'b']);
    expect(showPanel(all, 'b')).toEqual(all);
  });
});

describe('ui metric columns', () => {
  it('labels a new metric from its name and unit suffix', () => {
    expect(labelFor('appSuccessRatePct').label).toBe('App success rate (%)');
    expect(labelFor('meanRttMs').label).toBe('Mean rtt (ms)');
    expect(labelFor('estimateBps').format(2_500_000)).toBe('2.50');
    expect(labelFor('tokensPerRtt').label).toBe('Tokens per rtt');
  });

  it('guesses the better direction from the words in a name', () => {
    expect(betterFor('lossAccuracyPct')).toBe('high');
    expect(betterFor('rebufferEvents')).toBe('low');
    expect(betterFor('tokensPerRtt')).toBeNull();
  });

  it('shows known metrics in a fixed order, then unknown numeric fields, and hides empty and identity fields', () => {
    const rows = [
      { id: 'f1', variant: 'reno', mssBytes: 1000, goodputBps: 1, completionTimeS: null, timeouts: 0, zetaScore: 3, note: 'x' },
      { id: 'f2', variant: 'sack', mssBytes: 1000, goodputBps: 2, completionTimeS: null, timeouts: 1, alphaIndex: 1 },
    ];
    expect(metricColumns(rows).map((c) => c.key)).toEqual(['goodputBps', 'timeouts', 'alphaIndex', 'zetaScore']);
  });

  it('marks every row holding the best value; none without a direction, with one value, or when all are equal', () => {
    expect([...bestRows([3, 5, 5, 1], 'high')]).toEqual([1, 2]);
    expect([...bestRows([3, null, 1], 'low')]).toEqual([2]);
    expect(bestRows([3, 5], null).size).toBe(0);
    expect(bestRows([3, null], 'high').size).toBe(0);
    expect(bestRows([2, 2], 'low').size).toBe(0);
  });
});
