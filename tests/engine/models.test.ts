/**
 * Analytic throughput models (Mathis, PFTK, Chan & Ramjee sawtooth).
 *
 * Expected numbers in the hand-computed cases were worked out from the published formulas with a
 * calculator (bc -l, 30 digits); the arithmetic is written next to each case. They are not
 * outputs of the functions under test.
 */
import { describe, expect, it } from 'vitest';
import { mathisThroughputBps, type MathisParams } from '../../src/engine/models/mathis.ts';
import {
  pftkBackoffFactor,
  pftkFullThroughputBps,
  pftkThroughputBps,
  pftkTimeoutProbability,
  pftkUnconstrainedWindowSegments,
  type PftkParams,
} from '../../src/engine/models/pftk.ts';
import {
  sawtoothCwndPackets,
  sawtoothModel,
  type SawtoothParams,
  type SawtoothResult,
} from '../../src/engine/models/sawtooth.ts';

/** |actual − expected| ≤ relTol·|expected| (absolute relTol when expected is 0). */
function expectClose(actual: number, expected: number, relTol = 1e-9): void {
  const scale = expected === 0 ? 1 : Math.abs(expected);
  expect(Number.isFinite(actual), `${actual} should be finite`).toBe(true);
  expect(
    Math.abs(actual - expected),
    `expected ${actual} to be within ${relTol} (relative) of ${expected}`,
  ).toBeLessThanOrEqual(relTol * scale);
}

/** Asserts `fn` throws a RangeError whose message names `param`. */
function expectRangeError(fn: () => unknown, param: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(RangeError);
  expect((caught as RangeError).message).toContain(param);
}

// 1460-byte MSS: MSS·8 = 11680 bits per segment.
const MSS = 1460;
const BITS_PER_SEGMENT = 11680;

describe('mathisThroughputBps', () => {
  const base: MathisParams = { mssBytes: MSS, rttS: 0.1, lossRate: 0.01, ackedPerAck: 1 };

  it('matches hand-computed values', () => {
    // b = 1: (11680/0.1)·√(3/(2·1·0.01)) = 116800·√150 = 116800·12.247448713915890 = 1430502.0097853760
    expectClose(mathisThroughputBps(base), 1430502.009785376);
    // b = 2: 116800·√(3/(2·2·0.01)) = 116800·√75 = 116800·8.660254037844386 = 1011517.6716202243
    expectClose(mathisThroughputBps({ ...base, ackedPerAck: 2 }), 1011517.6716202243);
    // p = 0.04, b = 1: 116800·√(3/0.08) = 116800·√37.5 = 715251.0048926880 (half of the first case)
    expectClose(mathisThroughputBps({ ...base, lossRate: 0.04 }), 715251.004892688);
  });

  it('is proportional to 1/√p: quadrupling p halves throughput', () => {
    for (const p of [1e-6, 1e-4, 0.003, 0.01, 0.05, 0.2]) {
      const ratio = mathisThroughputBps({ ...base, lossRate: 4 * p }) / mathisThroughputBps({ ...base, lossRate: p });
      expectClose(ratio, 0.5, 1e-12);
    }
  });

  it('scales with MSS and 1/RTT', () => {
    const b0 = mathisThroughputBps(base);
    expectClose(mathisThroughputBps({ ...base, mssBytes: 2 * MSS }), 2 * b0, 1e-12);
    expectClose(mathisThroughputBps({ ...base, rttS: 0.2 }), b0 / 2, 1e-12);
  });

  it('rejects bad inputs with a RangeError naming the parameter', () => {
    expectRangeError(() => mathisThroughputBps({ ...base, lossRate: 0 }), 'lossRate');
    expectRangeError(() => mathisThroughputBps({ ...base, lossRate: -0.1 }), 'lossRate');
    expectRangeError(() => mathisThroughputBps({ ...base, lossRate: 1.5 }), 'lossRate');
    expectRangeError(() => mathisThroughputBps({ ...base, lossRate: Number.NaN }), 'lossRate');
    expectRangeError(() => mathisThroughputBps({ ...base, rttS: 0 }), 'rttS');
    expectRangeError(() => mathisThroughputBps({ ...base, rttS: -1 }), 'rttS');
    expectRangeError(() => mathisThroughputBps({ ...base, rttS: Number.NaN }), 'rttS');
    expectRangeError(() => mathisThroughputBps({ ...base, mssBytes: 0 }), 'mssBytes');
    expectRangeError(() => mathisThroughputBps({ ...base, ackedPerAck: 0 }), 'ackedPerAck');
  });
});

describe('pftkThroughputBps (approximate model)', () => {
  const base: PftkParams = {
    mssBytes: MSS,
    rttS: 0.1,
    lossRate: 0.01,
    ackedPerAck: 2,
    rtoS: 1,
    maxWindowSegments: 64,
  };

  it('matches hand-computed values', () => {
    // p = 0.01, b = 2, RTT = 0.1, T0 = 1, Wmax = 64:
    //   RTT·√(2bp/3)       = 0.1·√(0.04/3)             = 0.011547005383792515
    //   min(1, 3·√(3bp/8)) = 3·√0.0075                 = 0.259807621135331594
    //   T0·0.2598…·p·(1+32p²) = 0.2598…·0.01·1.0032     = 0.002606390055229647
    //   1/(0.011547005… + 0.002606390…) = 70.654423831253357 segments/s  (< Wmax/RTT = 640)
    //   × 11680 = 825243.670349039209 bits/s
    expectClose(pftkThroughputBps(base), 825243.6703490392);

    // p = 0.2, b = 1: RTT·√(0.4/3) = 0.036514837167011074; 3·√0.075 = 0.821583836257749170 (< 1);
    //   T0·0.8215…·0.2·(1+32·0.04 = 2.28) = 0.374642229333533622
    //   1/(0.036514837… + 0.374642229…) = 2.432160557305355744 segments/s → × 11680 = 28407.635309326555
    expectClose(pftkThroughputBps({ ...base, lossRate: 0.2, ackedPerAck: 1 }), 28407.635309326555);

    // p = 0.2, b = 2: 3·√(3·2·0.2/8) = 3·√0.15 = 1.1619 > 1, so the min(1, ·) caps at 1:
    //   RTT·√(0.8/3) = 0.051639777949432225; T0·1·0.2·2.28 = 0.456
    //   1/0.507639777949432225 = 1.969900790752480196 segments/s → × 11680 = 23008.441235988969
    expectClose(pftkThroughputBps({ ...base, lossRate: 0.2 }), 23008.441235988969);
  });

  it('is capped at Wmax/RTT when the receiver window binds', () => {
    // p = 1e-4, b = 1, Wmax = 20: unconstrained 1/(0.1·√(2e-4/3) + 3·√(3e-4/8)·1e-4·(1+3.2e-7))
    //   = 1/(0.000816496580927726 + 0.000001837117894965) = 1221.995 segments/s > Wmax/RTT = 200,
    //   so B = 200 segments/s × 11680 = 2336000 bits/s.
    expectClose(pftkThroughputBps({ ...base, lossRate: 1e-4, ackedPerAck: 1, maxWindowSegments: 20 }), 2336000);
  });

  it('tends to Wmax/RTT as p → 0', () => {
    const capBps = (64 / 0.1) * BITS_PER_SEGMENT;
    let previous = 0;
    // Below the cap the loss-driven term rises as p falls (p = 1e-3 gives ≈ 267.8 segments/s < 640) …
    for (const p of [0.1, 0.01, 3e-3, 1e-3]) {
      const bps = pftkThroughputBps({ ...base, lossRate: p });
      expect(bps).toBeGreaterThan(previous);
      expect(bps).toBeLessThan(capBps);
      previous = bps;
    }
    // … until it exceeds Wmax/RTT = 640 (crossover near p ≈ 1.8e-4, where 0.1·√(4p/3) ≈ 1/640;
    // p = 1e-4 gives 1/(0.0011547 + 0.0000026) ≈ 864 segments/s), after which the cap holds.
    for (const p of [1e-4, 1e-6, 1e-9, 1e-15]) {
      expectClose(pftkThroughputBps({ ...base, lossRate: p }), capBps, 1e-15);
    }
  });

  it('equals Mathis when timeouts cost nothing (T0 = 0) and the window is unlimited', () => {
    for (const b of [1, 2]) {
      for (const p of [1e-5, 0.01, 0.3, 1]) {
        const params = { ...base, lossRate: p, ackedPerAck: b, rtoS: 0, maxWindowSegments: Infinity };
        expectClose(pftkThroughputBps(params), mathisThroughputBps(params), 1e-12);
      }
    }
  });

  it('is below Mathis, and far below at high p because of timeouts', () => {
    const params = { ...base, ackedPerAck: 1, maxWindowSegments: Infinity };
    // Ratio PFTK/Mathis = RTT·√(2bp/3) / (RTT·√(2bp/3) + timeout term), b = 1, RTT = 0.1, T0 = 1:
    //   p = 1e-4: 0.000816496580927726/(0.000816496580927726 + 0.000001837117894965) = 0.997755050418
    //   p = 0.1:  0.025819888974716113/(0.025819888974716113 + 3·√0.0375·0.1·1.32 = 0.076685070254906854)
    //             = 0.251889168765743073
    const ratio = (p: number): number =>
      pftkThroughputBps({ ...params, lossRate: p }) / mathisThroughputBps({ ...params, lossRate: p });
    expectClose(ratio(1e-4), 0.997755050418175469);
    expectClose(ratio(0.1), 0.251889168765743073);
    let previous = Infinity;
    for (const p of [1e-6, 1e-4, 1e-3, 0.01, 0.05, 0.1, 0.2, 0.5]) {
      const r = ratio(p);
      expect(r).toBeLessThan(1);
      expect(r).toBeLessThan(previous); // the timeout penalty grows with p
      previous = r;
    }
  });

  it('rejects bad inputs with a RangeError naming the parameter', () => {
    expectRangeError(() => pftkThroughputBps({ ...base, lossRate: 0 }), 'lossRate');
    expectRangeError(() => pftkThroughputBps({ ...base, lossRate: 1.01 }), 'lossRate');
    expectRangeError(() => pftkThroughputBps({ ...base, lossRate: Number.NaN }), 'lossRate');
    expectRangeError(() => pftkThroughputBps({ ...base, rttS: 0 }), 'rttS');
    expectRangeError(() => pftkThroughputBps({ ...base, rtoS: -1 }), 'rtoS');
    expectRangeError(() => pftkThroughputBps({ ...base, rtoS: Infinity }), 'rtoS');
    expectRangeError(() => pftkThroughputBps({ ...base, maxWindowSegments: 0 }), 'maxWindowSegments');
    expectRangeError(() => pftkThroughputBps({ ...base, maxWindowSegments: Number.NaN }), 'maxWindowSegments');
    expectRangeError(() => pftkThroughputBps({ ...base, ackedPerAck: -2 }), 'ackedPerAck');
    expectRangeError(() => pftkThroughputBps({ ...base, mssBytes: Infinity }), 'mssBytes');
    expect(() => pftkThroughputBps({ ...base, lossRate: 1 })).not.toThrow();
  });
});

describe('pftkFullThroughputBps (full model)', () => {
  const base: PftkParams = {
    mssBytes: MSS,
    rttS: 0.1,
    lossRate: 0.01,
    ackedPerAck: 2,
    rtoS: 1,
    maxWindowSegments: 64,
  };

  // p = 0.01, b = 2 (1 − p = 0.99):
  //   E[Wu] = (2+b)/(3b) + √(8(1−p)/(3bp) + ((2+b)/(3b))²) = 2/3 + √(132 + 4/9) = (2/3)(1 + √298)
  //         = 12.175117667754712505
  //   Q̂(E[Wu]): 1 − 0.99³ = 0.029701; 0.99^(E[Wu]−3) = 0.911910879019297533;
  //             0.99^E[Wu] = 0.884826214001545377
  //             0.029701·(1 + 0.970299·(1 − 0.911910879…)) / (1 − 0.884826214…) = 0.279921571887657536
  //   f(0.01) = 1 + 0.01 + 0.0002 + 0.000004 + 8e-8 + 1.6e-9 + 3.2e-11 = 1.010204081632
  const E_W = 12.175117667754712505;
  const Q_HAT = 0.279921571887657536;

  it('helpers match hand-computed values', () => {
    expectClose(pftkUnconstrainedWindowSegments(0.01, 2), E_W, 1e-14);
    expectClose(pftkTimeoutProbability(0.01, E_W), Q_HAT, 1e-12);
    expectClose(pftkBackoffFactor(0.01), 1.010204081632, 1e-14);
    // Q̂(10) at p = 0.01: 0.99⁷ = 0.93206534790699, 0.99¹⁰ = 0.90438207500880449
    //   0.029701·(1 + 0.970299·0.06793465209301)/0.09561792499119551 = 0.331096900419859950
    expectClose(pftkTimeoutProbability(0.01, 10), 0.33109690041985995, 1e-12);
    // Q̂(3) = (1−(1−p)³)·1/(1−(1−p)³) = 1; for w < 3 the ratio exceeds 1 and is capped.
    expectClose(pftkTimeoutProbability(0.01, 3), 1, 1e-12);
    expect(pftkTimeoutProbability(0.01, 2)).toBe(1);
    // p → 0: Q̂(w) → 3/w (no 0/0 breakdown thanks to log1p/expm1).
    expectClose(pftkTimeoutProbability(1e-12, 20), 3 / 20, 1e-9);
    // p → 0: E[Wu] → √(8/(3bp)).
    expectClose(pftkUnconstrainedWindowSegments(1e-10, 1), Math.sqrt(8 / 3e-10), 1e-4);
  });

  it('matches a hand-computed value when the window does not bind (E[Wu] < Wmax)', () => {
    // numerator   = (1−p)/p + E[Wu] + Q̂/(1−p) = 99 + 12.175117667754713 + 0.282749062512785 = 111.457866730267498
    // denominator = RTT·(b·E[Wu]/2 + 1) + Q̂·T0·f(p)/(1−p) = 0.1·13.175117667754713 + 0.285628…
    //             = 1.603146023803508574
    // B = 69.524463196328558 segments/s × 11680 = 812045.730133117555 bits/s
    expectClose(pftkFullThroughputBps(base), 812045.730133117555, 1e-11);
    expectClose(pftkFullThroughputBps({ ...base, maxWindowSegments: Infinity }), 812045.730133117555, 1e-11);
  });

  it('matches a hand-computed value when the window binds (E[Wu] ≥ Wmax)', () => {
    // Wmax = 10 < E[Wu] = 12.175…, Q̂(10) = 0.331096900419859950:
    // numerator   = 99 + 10 + 0.331096900…/0.99 = 109.334441313555414
    // denominator = 0.1·(2·10/8 + 0.99/(0.01·10) + 2) + 0.331096900…·1·1.010204081632/0.99
    //             = 0.1·(2.5 + 9.9 + 2) + 0.337853980020046844 = 1.777853980020046844
    // B = 61.497987203832439 segments/s × 11680 = 718296.490540762891 bits/s
    expectClose(pftkFullThroughputBps({ ...base, maxWindowSegments: 10 }), 718296.490540762891, 1e-11);
  });

  it('tends to Wmax/RTT as p → 0', () => {
    const capBps = (64 / 0.1) * BITS_PER_SEGMENT;
    // Window-limited branch: B ≈ (1/p) / (RTT·(1/(p·Wmax)) + O(1)) → Wmax/RTT, error ≈ p·Wmax·(b·Wmax/8 + 2).
    expectClose(pftkFullThroughputBps({ ...base, lossRate: 1e-6 }), capBps, 1e-2);
    expectClose(pftkFullThroughputBps({ ...base, lossRate: 1e-9 }), capBps, 1e-5);
    expectClose(pftkFullThroughputBps({ ...base, lossRate: 1e-12 }), capBps, 1e-8);
  });

  it('agrees with the approximate model within 3 % for p ≤ 2 %', () => {
    for (const b of [1, 2]) {
      for (const rtoS of [0.2, 1, 3]) {
        for (const p of [1e-5, 1e-4, 1e-3, 0.005, 0.01, 0.02]) {
          const params = { ...base, lossRate: p, ackedPerAck: b, rtoS, maxWindowSegments: Infinity };
          const ratio = pftkFullThroughputBps(params) / pftkThroughputBps(params);
          expect(Math.abs(ratio - 1)).toBeLessThan(0.03);
        }
      }
    }
  });

  it('is well below Mathis at high p (timeouts)', () => {
    const params = { ...base, lossRate: 0.1, ackedPerAck: 1, maxWindowSegments: Infinity };
    expect(pftkFullThroughputBps(params) / mathisThroughputBps(params)).toBeLessThan(0.5);
  });

  it('rejects bad inputs with a RangeError naming the parameter', () => {
    expectRangeError(() => pftkFullThroughputBps({ ...base, lossRate: 1 }), 'lossRate');
    expectRangeError(() => pftkFullThroughputBps({ ...base, lossRate: 0 }), 'lossRate');
    expectRangeError(() => pftkFullThroughputBps({ ...base, rttS: -0.1 }), 'rttS');
    expectRangeError(() => pftkFullThroughputBps({ ...base, rtoS: -1 }), 'rtoS');
    expectRangeError(() => pftkFullThroughputBps({ ...base, maxWindowSegments: -5 }), 'maxWindowSegments');
  });
});

describe('sawtoothModel (Chan & Ramjee 2002, eq. 1–4)', () => {
  /**
   * Independent check: integrate the fluid dynamics dW/dt = 1/RTT(W), RTT(W) = max(T, W/µ),
   * from W0 until W reaches Wmax with RK4 steps of `dtS` (the last step shortened by bisection to
   * land on Wmax), accumulating packets ∫ W/RTT dt and window area ∫ W dt.
   */
  function integrateSawtooth(params: SawtoothParams, dtS: number): { periodS: number; packets: number; cwndArea: number } {
    const mu = params.serviceRatePps;
    const minRttS = params.propagationRttS + 1 / mu;
    const wMax = mu * params.propagationRttS + params.bufferPackets + 1;
    const rtt = (w: number): number => Math.max(minRttS, w / mu);
    // One RK4 step of size h from window w for the system (W, packets, area); the right-hand
    // side depends on W only.
    const step = (w: number, h: number): [number, number, number] => {
      const f = (x: number): [number, number, number] => [1 / rtt(x), x / rtt(x), x];
      const k1 = f(w);
      const k2 = f(w + (h / 2) * k1[0]);
      const k3 = f(w + (h / 2) * k2[0]);
      const k4 = f(w + h * k3[0]);
      const combine = (i: 0 | 1 | 2): number => (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
      return [combine(0), combine(1), combine(2)];
    };
    let w = wMax / 2;
    let t = 0;
    let packets = 0;
    let cwndArea = 0;
    for (;;) {
      let [dw, dn, da] = step(w, dtS);
      let h = dtS;
      if (w + dw >= wMax) {
        let lo = 0;
        let hi = dtS;
        for (let i = 0; i < 60; i++) {
          const mid = (lo + hi) / 2;
          if (w + step(w, mid)[0] < wMax) lo = mid;
          else hi = mid;
        }
        h = (lo + hi) / 2;
        [, dn, da] = step(w, h);
        return { periodS: t + h, packets: packets + dn, cwndArea: cwndArea + da };
      }
      w += dw;
      t += h;
      packets += dn;
      cwndArea += da;
    }
  }

  function expectConservation(params: SawtoothParams, m: SawtoothResult): void {
    const numeric = integrateSawtooth(params, m.periodS / 20000);
    expectClose(numeric.periodS, m.periodS, 1e-7);
    expectClose(numeric.packets, m.nA + m.nB, 1e-7);
    expectClose(numeric.cwndArea / numeric.periodS, m.meanCwndPackets, 1e-7);
  }

  // µ = 100 packets/s, τ = 0.99 s → T = τ + 1/µ = 1 s, µT = 100 packets.
  const clean: SawtoothParams = { serviceRatePps: 100, propagationRttS: 0.99, bufferPackets: 20 };

  it('matches hand-computed values when W0 < µT (both epochs)', () => {
    // Wmax = µτ + B + 1 = 99 + 20 + 1 = 120, W0 = 60
    // (1) t_A = T(µT − W0) = 1·(100 − 60) = 40 s
    // (2) n_A = (W0·t_A + t_A²/(2T))/T = 60·40 + 1600/2 = 3200 packets
    // (3) t_B = (Wmax² − (µT)²)/(2µ) = (14400 − 10000)/200 = 22 s
    // (4) n_B = µ·t_B = 2200 packets
    // period 62 s; throughput 5400/62 = 87.096774193548387 packets/s
    // mean cwnd = (T·n_A + (Wmax³ − (µT)³)/(3µ))/period = (3200 + 728000/300)/62 = 90.752688172043011
    const m = sawtoothModel(clean);
    expectClose(m.wMaxPackets, 120, 1e-12);
    expectClose(m.w0Packets, 60, 1e-12);
    expectClose(m.tAS, 40, 1e-12);
    expectClose(m.nA, 3200, 1e-12);
    expectClose(m.tBS, 22, 1e-12);
    expectClose(m.nB, 2200, 1e-12);
    expectClose(m.periodS, 62, 1e-12);
    expectClose(m.throughputPps, 87.096774193548387, 1e-12);
    expectClose(m.meanCwndPackets, 90.752688172043011, 1e-12);
  });

  it('gives 75 % utilisation with no buffer', () => {
    // B = 0: Wmax = µT = 100, W0 = 50; t_A = 50 s, n_A = 50·50 + 2500/2 = 3750; t_B = n_B = 0
    // throughput = 3750/50 = 75 = 0.75·µ; mean cwnd = T·n_A/t_A = 75
    const m = sawtoothModel({ ...clean, bufferPackets: 0 });
    expectClose(m.tAS, 50, 1e-12);
    expectClose(m.nA, 3750, 1e-12);
    expectClose(m.tBS, 0, 1e-12);
    expectClose(m.nB, 0, 1e-12);
    expectClose(m.throughputPps, 75, 1e-12);
    expectClose(m.meanCwndPackets, 75, 1e-12);
  });

  it('handles W0 ≥ µT: no epoch A, epoch B starts from W0, link always busy', () => {
    // B = 150: Wmax = 99 + 150 + 1 = 250, W0 = 125 ≥ µT = 100 (eq. (1) would give t_A = −25 s)
    // t_B = (Wmax² − W0²)/(2µ) = (62500 − 15625)/200 = 234.375 s, n_B = 23437.5 packets
    // throughput = µ = 100; mean cwnd = ((250³ − 125³)/300)/234.375 = 7·250/9 = 194.444…
    const m = sawtoothModel({ ...clean, bufferPackets: 150 });
    expect(m.tAS).toBe(0);
    expect(m.nA).toBe(0);
    expectClose(m.wMaxPackets, 250, 1e-12);
    expectClose(m.w0Packets, 125, 1e-12);
    expectClose(m.tBS, 234.375, 1e-12);
    expectClose(m.nB, 23437.5, 1e-12);
    expectClose(m.periodS, 234.375, 1e-12);
    expectClose(m.throughputPps, 100, 1e-12);
    expectClose(m.meanCwndPackets, 1750 / 9, 1e-12);
  });

  it('is continuous across B = µT where epoch A vanishes', () => {
    const below = sawtoothModel({ ...clean, bufferPackets: 100 - 1e-9 });
    const at = sawtoothModel({ ...clean, bufferPackets: 100 });
    const above = sawtoothModel({ ...clean, bufferPackets: 100 + 1e-9 });
    // At B = µT: Wmax = 200, W0 = 100 = µT, t_B = (40000 − 10000)/200 = 150 s, throughput = µ.
    expectClose(at.periodS, 150, 1e-9);
    expectClose(at.throughputPps, 100, 1e-9);
    for (const m of [below, above]) {
      expectClose(m.periodS, at.periodS, 1e-8);
      expectClose(m.throughputPps, at.throughputPps, 1e-8);
      expectClose(m.meanCwndPackets, at.meanCwndPackets, 1e-8);
    }
  });

  it('computes the 2 Mb/s, 1052-byte, τ = 100 ms, B = 25 example (a W0 ≥ µT case)', () => {
    // µ = 2e6/(1052·8) = 2e6/8416 = 237.642585551330798 packets/s; 1/µ = 0.004208 s
    // T = 0.1 + 0.004208 = 0.104208 s; µT = µτ + 1 = 23.764258555133080 + 1 = 24.764258555133080
    // Wmax = µτ + B + 1 = 49.764258555133080; W0 = 24.882129277566540
    // W0 − µT = 0.117870722433460 ≥ 0 → t_A = n_A = 0 (eq. (1) would give t_A = −0.012283 s)
    // t_B = (Wmax² − W0²)/(2µ) = 3·Wmax²/(8µ) = 3·2476.481429542135928/8/237.642585551330798
    //     = 928.680536078300973/237.642585551330798 = 3.907887695817490 s
    // n_B = µ·t_B = 928.680536078300973 packets; throughput = µ = 237.642585551330798 packets/s
    // mean cwnd = ((Wmax³ − W0³)/(3µ))/t_B = 7·Wmax/9 = 38.705534431770173 packets
    const params: SawtoothParams = { serviceRatePps: 2e6 / (1052 * 8), propagationRttS: 0.1, bufferPackets: 25 };
    const m = sawtoothModel(params);
    expectClose(m.wMaxPackets, 49.76425855513308, 1e-12);
    expectClose(m.w0Packets, 24.88212927756654, 1e-12);
    expect(m.tAS).toBe(0);
    expect(m.nA).toBe(0);
    expectClose(m.tBS, 3.90788769581749, 1e-12);
    expectClose(m.nB, 928.680536078300973, 1e-12);
    expectClose(m.periodS, 3.90788769581749, 1e-12);
    expectClose(m.throughputPps, 237.642585551330798, 1e-12);
    expectClose(m.meanCwndPackets, 38.705534431770173, 1e-12);
    expectConservation(params, m);
  });

  it('conserves packets: n_A + n_B equals ∫ W(t)/RTT(t) dt integrated numerically', () => {
    const cases: SawtoothParams[] = [
      clean,
      { ...clean, bufferPackets: 0 },
      { ...clean, bufferPackets: 150 },
      { serviceRatePps: 2e6 / (1052 * 8), propagationRttS: 0.1, bufferPackets: 5 },
      { serviceRatePps: 833.3, propagationRttS: 0.05, bufferPackets: 10 },
      { serviceRatePps: 50, propagationRttS: 0, bufferPackets: 3 },
    ];
    for (const params of cases) {
      expectConservation(params, sawtoothModel(params));
    }
  });

  it('sends 3·Wmax²/8 packets per sawtooth (one loss per 3·Wmax²/8 packets, as in Mathis)', () => {
    // Since dn/dW = (W/RTT)/(1/RTT) = W in both epochs, n_A + n_B = (Wmax² − W0²)/2 = 3·Wmax²/8.
    for (const bufferPackets of [0, 3, 20, 100, 150, 1000]) {
      const m = sawtoothModel({ ...clean, bufferPackets });
      expectClose(m.nA + m.nB, (3 * m.wMaxPackets ** 2) / 8, 1e-12);
    }
  });

  it('sawtoothCwndPackets traces the same sawtooth', () => {
    const params: SawtoothParams = { serviceRatePps: 833.3, propagationRttS: 0.05, bufferPackets: 10 };
    const m = sawtoothModel(params);
    const mu = params.serviceRatePps;
    const minRttS = params.propagationRttS + 1 / mu;
    expect(m.tAS).toBeGreaterThan(0);
    expectClose(sawtoothCwndPackets(params, 0), m.w0Packets, 1e-12);
    expectClose(sawtoothCwndPackets(params, m.tAS), mu * minRttS, 1e-9);
    expectClose(sawtoothCwndPackets(params, m.periodS * (1 - 1e-12)), m.wMaxPackets, 1e-9);
    expectClose(sawtoothCwndPackets(params, 0.3 * m.periodS + 2 * m.periodS), sawtoothCwndPackets(params, 0.3 * m.periodS), 1e-9);
    expectClose(sawtoothCwndPackets(params, -0.25 * m.periodS), sawtoothCwndPackets(params, 0.75 * m.periodS), 1e-9);
    // Midpoint rule over one period: ∫ W/RTT dt = n_A + n_B and ∫ W dt / period = mean cwnd.
    const steps = 200000;
    const h = m.periodS / steps;
    let packets = 0;
    let area = 0;
    for (let i = 0; i < steps; i++) {
      const w = sawtoothCwndPackets(params, (i + 0.5) * h);
      packets += (w / Math.max(minRttS, w / mu)) * h;
      area += w * h;
    }
    expectClose(packets, m.nA + m.nB, 1e-7);
    expectClose(area / m.periodS, m.meanCwndPackets, 1e-7);
    expectRangeError(() => sawtoothCwndPackets(params, Number.NaN), 'tS');
  });

  it('rejects bad inputs with a RangeError naming the parameter', () => {
    expectRangeError(() => sawtoothModel({ ...clean, serviceRatePps: 0 }), 'serviceRatePps');
    expectRangeError(() => sawtoothModel({ ...clean, serviceRatePps: -1 }), 'serviceRatePps');
    expectRangeError(() => sawtoothModel({ ...clean, serviceRatePps: Infinity }), 'serviceRatePps');
    expectRangeError(() => sawtoothModel({ ...clean, serviceRatePps: Number.NaN }), 'serviceRatePps');
    expectRangeError(() => sawtoothModel({ ...clean, propagationRttS: -0.01 }), 'propagationRttS');
    expectRangeError(() => sawtoothModel({ ...clean, propagationRttS: Number.NaN }), 'propagationRttS');
    expectRangeError(() => sawtoothModel({ ...clean, bufferPackets: -1 }), 'bufferPackets');
    expectRangeError(() => sawtoothModel({ ...clean, bufferPackets: Infinity }), 'bufferPackets');
  });
});
