/**
 * BBR's state read back from the trace (src/ui/events/bbrModes.ts) and its captions, against BBR
 * v1's state machine (Cardwell et al. 2016; Linux tcp_bbr.c): STARTUP → DRAIN → PROBE_BW, then
 * PROBE_RTT when no lower RTT was seen for 10 s (bbr_min_rtt_win_sec), lasting at least 200 ms
 * (bbr_probe_rtt_mode_ms) at a 4-segment window; the mode change carries the gains set at the
 * same instant; the estimates panel leaves BBR's control state to the BBR panel.
 */
import { describe, expect, it } from 'vitest';
import { emptyTable, TABLE_NAMES, type TraceData } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { bbrModeChanges, bbrModeSpans, bbrStateAt, BBR_STATE_KEYS, modeWords } from '../../src/ui/events/bbrModes.ts';
import { congestionEvents } from '../../src/ui/events/congestionEvents.ts';
import { caption } from '../../src/ui/events/captions.ts';
import { bbrSentence } from '../../src/ui/panels/BbrPanel.tsx';

const ESTIMATES = [{ key: 'btlBwBps' }, { key: 'minRttMs' }, { key: 'pacingGain' }, { key: 'cwndGain' }, { key: 'bbrModeLevel' }, { key: 'gainPhaseLevel' }, { key: 'pacingRateBps' }];

/**
 * A trace of flow 0 with the given estimate rows [tNs, key index, value] and `ccstate` rows
 * [tNs, mode, phase]. Since issue 34's last part the mode and phase are read from `ccstate`,
 * the table the sender writes for BBR's own state machine, no longer from the estimate rows:
 * the estimate rows of keys 4 and 5 below (mode, phase) are there to show they are not read.
 */
function traceOf(rows: [number, number, number][], states: [number, number, number][]): TraceData {
  const t = Object.fromEntries(TABLE_NAMES.map((n) => [n, emptyTable(n)])) as unknown as TraceData;
  t.estimate = { tNs: Float64Array.from(rows, (r) => r[0]), flow: new Float64Array(rows.length), key: Float64Array.from(rows, (r) => r[1]), value: Float64Array.from(rows, (r) => r[2]) };
  t.ccstate = { tNs: Float64Array.from(states, (r) => r[0]), flow: new Float64Array(states.length), mode: Float64Array.from(states, (r) => r[1]), phase: Float64Array.from(states, (r) => r[2]) };
  return t;
}

describe('BBR state from the ccstate and estimate tables', () => {
  it('reads a mode change with the gains written at the same instant, and the state at any time', () => {
    const t = traceOf(
      [
        [0, 2, 2.885],
        [0, 3, 2.885],
        [5e8, 0, 1.9e6], // BtlBw grows, no mode change
        [2e9, 2, 0.3466], // gains of DRAIN, same instant as the mode
        [3e9, 2, 1],
        [3e9, 3, 2],
        [3e9, 4, 3], // a stale mode estimate: ignored, ccstate says PROBE_BW
      ],
      [
        [0, 0, -1], // STARTUP
        [2e9, 1, -1], // DRAIN
        [3e9, 2, 4], // PROBE_BW, phase 4
        [4e9, 2, 5], // the phase moves on, no mode change
      ],
    );
    const ch = bbrModeChanges(t, 0, ESTIMATES);
    expect(ch.map((c) => [c.tNs, c.from, c.mode])).toEqual([
      [0, -1, 0],
      [2e9, 0, 1],
      [3e9, 1, 2],
    ]);
    expect(ch[1].pacingGain).toBeCloseTo(0.3466, 10);
    expect(ch[2]).toMatchObject({ phase: 4, pacingGain: 1, cwndGain: 2, btlBwBps: 1.9e6 });
    expect(bbrModeSpans(ch, 10)).toEqual([
      { t0S: 0, t1S: 2, mode: 0 },
      { t0S: 2, t1S: 3, mode: 1 },
      { t0S: 3, t1S: 10, mode: 2 },
    ]);
    const at = bbrStateAt(t, 0, ESTIMATES, 4.5);
    expect(at && modeWords(at)).toBe('PROBE_BW phase 5 (gain 1)');
    expect(bbrStateAt(t, 0, ESTIMATES, 2.5)).toMatchObject({ mode: 1, phase: -1, pacingGain: 0.3466, btlBwBps: 1.9e6 });
    expect(bbrStateAt(t, 0, ESTIMATES, -1)).toBeNull();
    expect(bbrModeChanges(t, 0, [{ key: 'btlBwBps' }])).toEqual([]);
  });

  it('on a real BBR run walks STARTUP → DRAIN → PROBE_BW, visits PROBE_RTT ≥ 10 s apart for ≥ 200 ms, and captions it', () => {
    const r = parseScenario({ ...(getPreset('reference-2mbps')?.scenario as object), durationS: 30 });
    if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
    const s = { ...r.scenario, flows: r.scenario.flows.map((f) => ({ ...f, variant: 'bbr' })) };
    const run = runScenario(s, {});
    const est = run.flows[0].estimates;
    const ch = bbrModeChanges(run.trace, 0, est);
    expect(ch.slice(0, 3).map((c) => modeWords({ mode: c.mode, phase: -1 }))).toEqual(['STARTUP', 'DRAIN', 'PROBE_BW']);
    const spans = bbrModeSpans(ch, run.sim.simTimeS);
    const probeRtt = spans.filter((x) => x.mode === 3);
    expect(probeRtt.length).toBeGreaterThan(0);
    for (const p of probeRtt) expect(p.t1S - p.t0S).toBeGreaterThanOrEqual(0.2);
    // the first visit: the min-RTT sample it replaces was taken after t = 0, so at least 10 s in
    expect(probeRtt[0].t0S).toBeGreaterThanOrEqual(10);
    for (let i = 1; i < probeRtt.length; i++) expect(probeRtt[i].t0S - probeRtt[i - 1].t1S).toBeGreaterThanOrEqual(10);

    const facts = { trace: run.trace, flows: run.flows, links: run.links };
    const events = congestionEvents(facts).filter((e) => e.kind === 'bbr-mode');
    expect(events).toHaveLength(ch.length - 1); // the start in STARTUP is not an event
    const text = events.map((e) => caption(facts, e));
    expect(text.find((x) => x.includes('enters PROBE_RTT'))).toMatch(/enters PROBE_RTT from PROBE_BW: .*cwnd 4 for 200 ms/);
    expect(text[0]).toMatch(/enters DRAIN from STARTUP: .*pacing gain 0\.35/);
    expect(bbrSentence({ spans, changes: ch, label: 'BBR' })).toMatch(/^BBR: STARTUP [\d.]+ s, DRAIN [\d.]+ s, PROBE_BW [\d.]+ s, PROBE_RTT [\d.]+ s; \d+ PROBE_RTT visits?\.$/);
  });

  it('keeps BBR’s control state (mode, phase, gains) out of the estimates panel, and its model (BtlBw, min RTT, pacing rate) in it', () => {
    expect([...BBR_STATE_KEYS].sort()).toEqual(['bbrModeLevel', 'cwndGain', 'gainPhaseLevel', 'pacingGain']);
    expect(ESTIMATES.map((e) => e.key).filter((k) => !BBR_STATE_KEYS.has(k))).toEqual(['btlBwBps', 'minRttMs', 'pacingRateBps']);
  });
});
