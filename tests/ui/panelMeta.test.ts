/**
 * The registry offers most panels before their code is loaded (registry.ts, meta.ts): what it
 * says of each must be what the panel's own module says once loaded.
 */
import { describe, expect, it } from 'vitest';
import { PANEL_DEFS } from '../../src/ui/panels/registry.ts';
import type { PanelDef } from '../../src/ui/panels/types.ts';
import type { RunSet } from '../../src/ui/state/runSet.ts';

const modules: Record<string, () => Promise<PanelDef>> = {
  ackreg: () => import('../../src/ui/panels/AckRegPanel.tsx').then((m) => m.ackRegPanel),
  aqm: () => import('../../src/ui/panels/AqmPanel.tsx').then((m) => m.aqmPanel),
  bbr: () => import('../../src/ui/panels/BbrPanel.tsx').then((m) => m.bbrPanel),
  cwnd: () => import('../../src/ui/panels/CwndPanel.tsx').then((m) => m.cwndPanel),
  estimate: () => import('../../src/ui/panels/EstimatePanel.tsx').then((m) => m.estimatePanel),
  metrics: () => import('../../src/ui/panels/MetricsPanel.tsx').then((m) => m.metricsPanel),
  path: () => import('../../src/ui/panels/PathPanel.tsx').then((m) => m.pathPanel),
  probe: () => import('../../src/ui/panels/ProbePanel.tsx').then((m) => m.probePanel),
  queue: () => import('../../src/ui/panels/QueuePanel.tsx').then((m) => m.queuePanel),
  rates: () => import('../../src/ui/panels/RatesPanel.tsx').then((m) => m.ratesPanel),
  timeseq: () => import('../../src/ui/panels/TimeSeqPanel.tsx').then((m) => m.timeSeqPanel),
  tokens: () => import('../../src/ui/panels/TokenBucketPanel.tsx').then((m) => m.tokenBucketPanel),
  waves: () => import('../../src/ui/panels/WavesPanel.tsx').then((m) => m.wavesPanel),
};

/** A set whose every trace table has `rows` rows, with `flows` flows, compared or not; `bbr`: its flows report BBR's state. */
function fakeSet(rows: number, flows: number, compare: boolean, bbr = false): RunSet {
  const trace = new Proxy({}, { get: () => ({ tNs: new Float64Array(rows) }) });
  const estimates = bbr ? [{ key: 'bbrModeLevel' }] : [{ key: 'bwe' }];
  const run = { key: 'a', scenario: { flows: Array.from({ length: flows }, (_, i) => ({ id: `f${i}` })) }, result: { trace, flows: Array.from({ length: flows }, () => ({ estimates })) } };
  return { runs: [run], compare, updating: [] } as unknown as RunSet;
}
const SETS = [fakeSet(0, 1, false), fakeSet(3, 1, false), fakeSet(3, 2, false), fakeSet(0, 2, true), fakeSet(3, 2, true), fakeSet(0, 1, false, true), fakeSet(3, 1, false, true)];

describe('panel registry before the panels are loaded', () => {
  it('names every panel as its module does, and agrees on when it has data', async () => {
    expect(Object.keys(modules).sort()).toEqual(PANEL_DEFS.map((p) => p.id).sort());
    for (const listed of PANEL_DEFS) {
      const own = await modules[listed.id]();
      expect({ id: listed.id, title: listed.title, short: listed.short, defaultVisible: listed.defaultVisible }).toEqual({ id: own.id, title: own.title, short: own.short, defaultVisible: own.defaultVisible });
      for (const set of SETS) expect(listed.available(set), `${listed.id}.available`).toBe(own.available(set));
    }
  });

  it('keeps only the first chart in the first load: every other panel is a stand-in until loaded', async () => {
    for (const listed of PANEL_DEFS) {
      const own = await modules[listed.id]();
      if (listed.id === 'cwnd') expect(listed.Component).toBe(own.Component);
      else expect(listed.Component).not.toBe(own.Component);
    }
  });
});
