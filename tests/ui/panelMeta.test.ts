/**
 * The registry declares every panel once (registry.ts): what the app offers before a panel's
 * code is loaded is that declaration, and the code it loads must be the panel declared — a
 * declaration pointing at another panel's module, or a panel in the first load that should not
 * be, fails here. Each panel's availability is checked against the rule it states (its table has
 * rows, BBR flows only, two flows and no comparison…), worked out here for a few sets by hand.
 */
import { describe, expect, it } from 'vitest';
import { loadPanel, PANEL_DEFS } from '../../src/ui/panels/registry.ts';
import type { RunSet } from '../../src/ui/state/runSet.ts';

/** A set whose every trace table has `rows` rows, with `flows` flows, compared or not; `bbr`: its flows report BBR's state. */
function fakeSet(rows: number, flows: number, compare: boolean, bbr = false): RunSet {
  const trace = new Proxy({}, { get: () => ({ tNs: new Float64Array(rows) }) });
  const estimates = bbr ? [{ key: 'bbrModeLevel' }] : [{ key: 'bwe' }];
  const run = { key: 'a', scenario: { flows: Array.from({ length: flows }, (_, i) => ({ id: `f${i}` })) }, result: { trace, flows: Array.from({ length: flows }, () => ({ estimates })) } };
  return { runs: [run], compare, updating: [] } as unknown as RunSet;
}
const SETS = [fakeSet(0, 1, false), fakeSet(3, 1, false), fakeSet(3, 2, false), fakeSet(0, 2, true), fakeSet(3, 2, true), fakeSet(0, 1, false, true), fakeSet(3, 1, false, true)];
/** Per set above: available exactly when its tables have rows (sets 2, 3, 5 and 7). */
const WITH_ROWS = [false, true, true, false, true, false, true];
const EXPECTED: Record<string, boolean[]> = {
  ackreg: WITH_ROWS,
  aqm: WITH_ROWS,
  bbr: [false, false, false, false, false, false, true], // rows, and a flow reporting BBR's state
  cwnd: WITH_ROWS,
  estimate: WITH_ROWS,
  metrics: SETS.map(() => true),
  path: SETS.map(() => true),
  probe: WITH_ROWS,
  queue: WITH_ROWS,
  rates: [false, false, true, false, false, false, false], // two flows, not a comparison
  timeseq: WITH_ROWS,
  tokens: WITH_ROWS,
  waves: WITH_ROWS,
};

/** The name a panel's component goes by: its function's, or the keyed skeleton's display name. */
const nameOf = (c: { name?: string; displayName?: string }): string => c.displayName ?? c.name ?? '';

describe('panel registry', () => {
  it('loads, for each declaration, that panel\'s own component; only the first chart is in the first load', async () => {
    for (const def of PANEL_DEFS) {
      const own = await loadPanel(def.id);
      if (def.id === 'cwnd') {
        expect(own).toBeNull();
        expect(nameOf(def.Component)).toBe('CwndPanel');
        continue;
      }
      expect(own, def.id).not.toBeNull();
      expect(def.Component, def.id).not.toBe(own); // a stand-in until the code is in
      expect(nameOf(def.Component)).toBe(`Deferred(${def.id})`);
      // a keyed panel is the skeleton made from this declaration; any other is the module's component, named after the panel
      const name = nameOf(own!);
      if (name.startsWith('KeyedTimePanel')) expect(name).toBe(`KeyedTimePanel(${def.id})`);
      else expect(name.toLowerCase(), def.id).toBe(`${def.id}panel`);
    }
  });

  it('offers each panel exactly when its rule says there is data', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(PANEL_DEFS.map((p) => p.id).sort());
    for (const def of PANEL_DEFS) expect(SETS.map((s) => def.available(s)), def.id).toEqual(EXPECTED[def.id]);
  });
});
