// Live edits: with the playhead inside the run, a link edit becomes a timed change at the
// playhead; other edits change the whole run; a drag is one change; undoing an edit removes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioAt } from '../../src/scenario/changes.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import { withErrorKind, withPer, withVariant } from '../../src/ui/controls/quick.ts';
import { setAt } from '../../src/ui/controls/paths.ts';
import { changedFields, changeTimeAt, COALESCE_MS, insideRun, removeChange, routeEdit } from '../../src/ui/state/liveEdit.ts';
import { changeLinkText, changeValueText } from '../../src/ui/state/changeText.ts';
import { changeMarks } from '../../src/ui/panels/changeMarks.ts';
import { loadChecks } from '../../src/ui/state/late.ts';

// The app loads its scenario checks after the first chart (src/ui/state/late.ts); here, before any test.
beforeAll(async () => {
  await loadChecks();
});

function parsed(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

const base = parsed(getPreset('lossy-10mbps')!.scenario);
const RATE = 'path.0.forward.rateBps';

/** One edit made through the controls at playhead tS: they edit the scenario as it stands there. */
function edit(s: Scenario, tS: number, change: (shown: Scenario) => Scenario, last: Parameters<typeof routeEdit>[4] = null, nowMs = 0) {
  const shown = scenarioAt(s, tS);
  const r = routeEdit(s, shown, change(shown), tS, last, nowMs);
  return { ...r, scenario: parsed(r.scenario) };
}

describe('live edits', () => {
  it('is live only strictly inside the run', () => {
    expect(insideRun(0, 100)).toBe(false);
    expect(insideRun(12.3, 100)).toBe(true);
    expect(insideRun(100, 100)).toBe(false);
  });

  it('times a change to the millisecond at or before the playhead, so the controls show what was just set', () => {
    for (const t of [12.3456, 12.3449, 30, 0.1 * 3, 59.9999]) {
      const at = changeTimeAt(t);
      expect(at).toBeLessThanOrEqual(t);
      expect(t - at).toBeLessThan(0.001);
      expect(Number(at.toFixed(3))).toBe(at);
      const s = edit(base, at, (x) => setAt(x, ['path', 0, 'forward', 'rateBps'], 5e6)).scenario;
      expect(scenarioAt(s, t).path[0].forward.rateBps).toBe(5e6);
    }
  });

  it('turns a rate edit at 12.3 s into a change from 12.3 s, leaving the scenario as written', () => {
    const r = edit(base, 12.3, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 5e6));
    expect(r.scenario.changes).toEqual([{ atS: 12.3, path: RATE, value: 5e6 }]);
    expect(r.scenario.path[0].forward.rateBps).toBe(10e6);
    expect(r.last).toEqual({ paths: [RATE], atS: 12.3, wallMs: 0 });
  });

  it('makes a variant edit a whole-run edit, and keeps the changes', () => {
    const withChange = edit(base, 12.3, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 5e6)).scenario;
    // later, at 20 s, the rate in effect is 5 Mb/s; the variant changes for the whole run and
    // the link keeps its written rate and its change
    const r = edit(withChange, 20, (s) => withVariant(s, 'reno'));
    expect(r.scenario.flows[0].variant).toBe('reno');
    expect(r.scenario.path[0].forward.rateBps).toBe(10e6);
    expect(r.scenario.changes).toEqual(withChange.changes);
    expect(r.last).toBeNull();
  });

  it('edits a PER as the model\'s rate (draws go on) and a new error kind as a new list', () => {
    const per = edit(base, 30, (s) => withPer(s, 0.05)).scenario;
    expect(per.changes).toEqual([{ atS: 30, path: 'path.0.forward.errors.0.per', value: 0.05 }]);
    const kind = edit(base, 30, (s) => withErrorKind(s, 'none')).scenario;
    expect(kind.changes).toEqual([{ atS: 30, path: 'path.0.forward.errors', value: [] }]);
  });

  it('makes a drag one change: steps within the gesture window update it, a later edit adds another', () => {
    const first = edit(base, 12.3, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 6e6), null, 1000);
    const second = edit(first.scenario, 12.9, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 4e6), first.last, 1000 + COALESCE_MS - 1);
    expect(second.scenario.changes).toEqual([{ atS: 12.3, path: RATE, value: 4e6 }]);
    const later = edit(second.scenario, 30, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 2e6), second.last, 1000 + 3 * COALESCE_MS);
    expect(later.scenario.changes).toEqual([
      { atS: 12.3, path: RATE, value: 4e6 },
      { atS: 30, path: RATE, value: 2e6 },
    ]);
    // an edit before an existing change goes before it in the list
    const earlier = edit(later.scenario, 5, (s) => setAt(s, ['path', 0, 'forward', 'delayMs'], 80), null, 99_999);
    expect(earlier.scenario.changes.map((c) => c.atS)).toEqual([5, 12.3, 30]);
  });

  it('drops a change set back to the value in effect before it', () => {
    const first = edit(base, 12.3, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 6e6), null, 0);
    const back = edit(first.scenario, 12.5, (s) => setAt(s, ['path', 0, 'forward', 'rateBps'], 10e6), first.last, 100);
    expect(back.scenario.changes).toEqual([]);
  });

  it('says which fields the changes up to the playhead set, and what each was before', () => {
    const s = parsed({
      ...base,
      changes: [
        { atS: 10, path: RATE, value: 5e6 },
        { atS: 20, path: RATE, value: 1e6 },
        { atS: 30, path: 'path.0.forward.delayMs', value: 80 },
      ],
    });
    expect([...changedFields(s, 2)]).toEqual([[RATE, { atS: 20, before: 5e6 }]]);
    expect(changedFields(s, 3).get('path.0.forward.delayMs')).toEqual({ atS: 30, before: 49 });
    expect(changedFields(s, 0).size).toBe(0);
  });

  it('removes a change by its place in the list', () => {
    const two = parsed({
      ...base,
      changes: [
        { atS: 10, path: RATE, value: 5e6 },
        { atS: 20, path: 'path.0.forward.delayMs', value: 80 },
      ],
    });
    expect(removeChange(two, 0).changes).toEqual([two.changes[1]]);
  });

  it('names each change for its marker and the list', () => {
    const s = parsed({
      ...base,
      changes: [
        { atS: 10, path: RATE, value: 5e6 },
        { atS: 20, path: 'path.0.reverse.delayMs', value: 80 },
        { atS: 30, path: 'path.0.forward.errors.0.per', value: 0.02 },
        { atS: 40, path: 'flows.0.access.forward.queue.limitPackets', value: 10 },
      ],
    });
    expect(s.changes.map(changeValueText)).toEqual(['rate 5 Mb/s', 'delay 80 ms', 'PER 2 %', 'buffer 10 packets']);
    expect(s.changes.map((c) => changeLinkText(s, c))).toEqual(['bottleneck', 'bottleneck (reverse)', 'bottleneck', 'access1']);
    expect(changeMarks(s)[0]).toEqual({ atS: 10, label: 'rate 5 Mb/s', title: 'From 10 s: bottleneck rate 5 Mb/s' });
  });
});

