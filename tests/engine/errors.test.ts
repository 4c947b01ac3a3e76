/**
 * Error models against their definitions: measured PER inside a 99.9 % confidence interval,
 * Gilbert–Elliott sojourn means and stationary bad fraction within 5 % over long runs, blackout
 * windows to the nanosecond, composition rules, and common random numbers across variants.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/engine/core/rng.ts';
import { msToNs, nsToS, Simulator, sToNs } from '../../src/engine/core/simulator.ts';
import { CHANNEL_STATES } from '../../src/engine/core/trace.ts';
import { BernoulliLoss, BlackoutLoss, ComposedLoss, GilbertElliottLoss, type ErrorModel } from '../../src/engine/net/loss.ts';
import { Packet } from '../../src/engine/net/packet.ts';
import { runScenario } from '../../src/engine/run.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

/** z for a two-sided 99.9 % interval. */
const Z999 = 3.2905;
const pkt = (): Packet => new Packet(0, false, 1000, [], { receive() {} });

function lossFraction(model: ErrorModel, n: number, sim?: Simulator, spacingNs = 0): number {
  let lost = 0;
  for (let i = 0; i < n; i++) {
    if (sim && spacingNs > 0) sim.runUntil(sim.now() + spacingNs);
    if (model.corrupts(pkt(), sim ? sim.now() : 0) !== null) lost++;
  }
  return lost / n;
}

describe('Bernoulli', () => {
  for (const per of [0.001, 0.02, 0.3]) {
    it(`PER ${per}: measured within the 99.9 % interval`, () => {
      const n = 200_000;
      const measured = lossFraction(new BernoulliLoss(per, new Rng(7).stream('b')), n);
      expect(Math.abs(measured - per)).toBeLessThanOrEqual(Z999 * Math.sqrt((per * (1 - per)) / n));
    });
  }
});

describe('Gilbert–Elliott', () => {
  function longRun(meanGoodS: number, meanBadS: number, horizonS: number) {
    const sim = new Simulator();
    const states: string[] = [];
    const ge = new GilbertElliottLoss(
      { meanGoodNs: sToNs(meanGoodS), meanBadNs: sToNs(meanBadS), perGood: 0, perBad: 1, badState: 'bad', startState: 'good' },
      new Rng(3).stream('state'),
      new Rng(3).stream('pkt'),
      sim,
      () => states.push(ge.state),
    );
    sim.runUntil(sToNs(horizonS));
    const t = ge.timeInStateNs(sim.now());
    return { ge, t, states };
  }

  for (const [label, good, bad] of [
    ['Good/Bad 1 s / 0.05 s', 1, 0.05],
    ['ON/OFF 1 s / 1 s', 1, 1],
    ['handoff 5 s / 0.5 s', 5, 0.5],
  ] as const) {
    it(`${label}: mean sojourns and bad-state fraction within 5 %`, () => {
      // About 10 000 cycles: the sample mean of an exponential has relative sd 1/√n ≈ 1 %.
      const horizon = 10_000 * (good + bad);
      const { ge, t } = longRun(good, bad, horizon);
      const meanGood = nsToS(t.good) / ge.goodSojourns;
      const meanBad = nsToS(t.bad) / ge.badSojourns;
      expect(Math.abs(meanGood / good - 1)).toBeLessThan(0.05);
      expect(Math.abs(meanBad / bad - 1)).toBeLessThan(0.05);
      const badFraction = t.bad / (t.good + t.bad);
      expect(Math.abs(badFraction / (bad / (good + bad)) - 1)).toBeLessThan(0.05);
    });
  }

  it('loses with the state PER and names the cause by what the bad state means', () => {
    const sim = new Simulator();
    const mk = (badState: 'bad' | 'off', startState: 'good' | 'bad') =>
      new GilbertElliottLoss(
        { meanGoodNs: sToNs(1000), meanBadNs: sToNs(1000), perGood: 0, perBad: 1, badState, startState },
        new Rng(1).stream('s'),
        new Rng(1).stream('p'),
        sim,
        () => {},
      );
    expect(mk('bad', 'good').corrupts()).toBeNull();
    expect(mk('bad', 'bad').corrupts()).toBe('channel-error');
    expect(mk('off', 'bad').corrupts()).toBe('handoff');
    expect(mk('off', 'bad').state).toBe('off');
  });

  it('PER inside each state matches the configured one (99.9 % interval)', () => {
    const sim = new Simulator();
    const ge = new GilbertElliottLoss(
      { meanGoodNs: sToNs(1000), meanBadNs: sToNs(1000), perGood: 0.01, perBad: 0.4, badState: 'bad', startState: 'bad' },
      new Rng(9).stream('s'),
      new Rng(9).stream('p'),
      sim,
      () => {},
    );
    // Sojourns of 1000 s: no flip happens while the 0-time samples are drawn.
    const n = 50_000;
    const measured = lossFraction(ge, n);
    expect(Math.abs(measured - 0.4)).toBeLessThanOrEqual(Z999 * Math.sqrt((0.4 * 0.6) / n));
  });
});

describe('blackout', () => {
  it('is off exactly during [at, at + duration) and loses with its PER there only', () => {
    const sim = new Simulator();
    const changes: [number, string][] = [];
    const b = new BlackoutLoss(msToNs(2000), msToNs(500), 1, new Rng(1).stream('x'), sim, () => changes.push([sim.now(), b.state]));
    sim.runUntil(msToNs(1999));
    expect(b.state).toBe('good');
    expect(b.corrupts()).toBeNull();
    sim.runUntil(msToNs(2000));
    expect(b.state).toBe('off');
    expect(b.corrupts()).toBe('handoff');
    sim.runUntil(msToNs(3000));
    expect(changes).toEqual([
      [msToNs(2000), 'off'],
      [msToNs(2500), 'good'],
    ]);
  });
});

describe('composition', () => {
  const fixed = (cause: 'channel-error' | 'handoff' | null, state?: 'good' | 'bad' | 'off'): ErrorModel & { calls: number } => {
    const m = { calls: 0, state, corrupts: () => (m.calls++, cause), setPer: () => {}, retire: () => {} };
    return m;
  };

  it('loses if any model loses, names the first cause, and lets every model draw', () => {
    const a = fixed(null, 'good');
    const b = fixed('channel-error', 'bad');
    const c = fixed('handoff', 'off');
    const composed = new ComposedLoss([a, b, c]);
    expect(composed.corrupts(pkt(), 0)).toBe('channel-error');
    expect([a.calls, b.calls, c.calls]).toEqual([1, 1, 1]);
    expect(new ComposedLoss([a, fixed(null)]).corrupts(pkt(), 0)).toBeNull();
  });

  it('reports the worst state: off over bad over good', () => {
    expect(new ComposedLoss([fixed(null, 'good'), fixed(null, 'bad')]).state).toBe('bad');
    expect(new ComposedLoss([fixed(null, 'bad'), fixed(null, 'off'), fixed(null, 'good')]).state).toBe('off');
    expect(new ComposedLoss([fixed(null)]).hasState).toBe(false);
  });

  it('two Bernoulli models compose to 1 − (1 − p1)(1 − p2)', () => {
    const rng = new Rng(5);
    const composed = new ComposedLoss([new BernoulliLoss(0.1, rng.stream('a')), new BernoulliLoss(0.2, rng.stream('b'))]);
    const n = 100_000;
    const expected = 1 - 0.9 * 0.8;
    expect(Math.abs(lossFraction(composed, n) - expected)).toBeLessThanOrEqual(Z999 * Math.sqrt((expected * (1 - expected)) / n));
  });
});

describe('channel state in a full run', () => {
  function withChannel(variant: string): Scenario {
    const p = getPreset('reference-2mbps');
    if (!p) throw new Error('preset missing');
    const input = structuredClone(p.scenario);
    input.durationS = 30;
    input.flows[0].variant = variant;
    input.path[0].forward.errors = [
      { kind: 'gilbert-elliott', meanGoodS: 1, meanBadS: 0.05, perGood: 0, perBad: 0.5 },
      { kind: 'blackout', atS: 12, durationS: 0.5 },
    ];
    const r = parseScenario(input);
    if (!r.ok) throw new Error(formatErrors(r.errors));
    return r.scenario;
  }

  it('is traced from t = 0, and identical for two variants (common random numbers)', () => {
    const a = runScenario(withChannel('newreno'));
    const b = runScenario(withChannel('tahoe'));
    expect(a.trace.channel.tNs[0]).toBe(0);
    expect(CHANNEL_STATES[a.trace.channel.state[0]]).toBe('good');
    // About 30 good/bad cycles in 30 s, plus the blackout.
    expect(a.trace.channel.tNs.length).toBeGreaterThan(20);
    expect(Array.from(a.trace.channel.tNs)).toEqual(Array.from(b.trace.channel.tNs));
    expect(Array.from(a.trace.channel.state)).toEqual(Array.from(b.trace.channel.state));
    // ... while the traffic itself differs.
    expect(Array.from(a.trace.send.tNs)).not.toEqual(Array.from(b.trace.send.tNs));
    // The blackout shows as `off` at 12 s.
    const off = CHANNEL_STATES.indexOf('off');
    const i = Array.from(a.trace.channel.tNs).findIndex((t, k) => t === sToNs(12) && a.trace.channel.state[k] === off);
    expect(i).toBeGreaterThanOrEqual(0);
  });

  it('attributes every drop to a cause, and the causes add up to the drops', () => {
    const r = runScenario(withChannel('newreno'));
    const bottleneck = r.links.find((l) => l.id === 'bottleneck/fwd');
    if (!bottleneck) throw new Error('no bottleneck');
    expect(bottleneck.drops['channel-error']).toBeGreaterThan(0);
    const traced = r.trace.drop.link.filter((l) => l === 0).length;
    expect(Object.values(bottleneck.drops).reduce((x, y) => x + y, 0)).toBe(traced);
  });
});
