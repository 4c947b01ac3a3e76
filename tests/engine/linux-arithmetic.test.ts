/**
 * The linux profile's kernel arithmetic, hand-computed: tcp_reno_ssthresh halves cwnd in whole
 * segments (RFC 5681 halves FlightSize), and the RTO's minimum bounds the variance term
 * (__tcp_set_rto: RTO = SRTT + max(4·RTTVAR, rto_min)), not the sum (RFC 6298 §2.4). MSS 1000.
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { RttEstimator } from '../../src/engine/tcp/rtt.ts';
import { tcpHarness } from '../harness/tcp-harness.ts';

function ssthreshAfterLimitedTransmit(iw: number, linuxArithmetic: boolean): number {
  const h = tcpHarness({ variant: 'newreno', initialCwndSegments: iw, limitedTransmit: true, linuxArithmetic });
  h.start();
  h.dupAck(2); // limited transmit: two new segments, FlightSize = iw + 2
  expect(h.sender.flightBytes).toBe((iw + 2) * 1000);
  h.dupAck(1);
  return h.ssthreshSegments;
}

describe('Linux arithmetic', () => {
  it('ssthresh: RFC 5681 FlightSize/2 = (10 + 2)/2 = 6; Linux ⌊10/2⌋ = 5; with cwnd 11: 6.5 against 5', () => {
    expect(ssthreshAfterLimitedTransmit(10, false)).toBe(6);
    expect(ssthreshAfterLimitedTransmit(10, true)).toBe(5);
    expect(ssthreshAfterLimitedTransmit(11, false)).toBe(6.5);
    expect(ssthreshAfterLimitedTransmit(11, true)).toBe(5);
  });

  it('RTO after equal 100 ms samples: RFC 6298 300, 250, 212.5, then the 200 ms floor; Linux stays at 100 + 200', () => {
    const p = { minRtoNs: msToNs(200), maxRtoNs: msToNs(120_000), initialRtoNs: msToNs(1000), granularityNs: msToNs(1) };
    const rfc = new RttEstimator(p);
    const linux = new RttEstimator({ ...p, minRtoOnVariance: true });
    const rfcRto: number[] = [];
    const linuxRto: number[] = [];
    for (let i = 0; i < 4; i++) {
      rfc.sample(msToNs(100));
      linux.sample(msToNs(100));
      rfcRto.push(rfc.rtoNs / 1e6);
      linuxRto.push(linux.rtoNs / 1e6);
    }
    // RTTVAR: 50, 37.5, 28.125, 21.09 ms; 4·RTTVAR: 200, 150, 112.5, 84.4 ms.
    expect(rfcRto).toEqual([300, 250, 212.5, 200]);
    expect(linuxRto).toEqual([300, 300, 300, 300]);
  });

  it('CUBIC ssthresh: RFC 9438 cwnd·0.7 = 13 × 0.7 = 9.1; Linux ⌊13·717/1024⌋ = ⌊9.10⌋ = 9', () => {
    for (const [linuxArithmetic, want] of [[false, 9.1], [true, 9]] as const) {
      const h = tcpHarness({ variant: 'cubic', initialCwndSegments: 13, linuxArithmetic });
      h.start();
      h.dupAck(3);
      expect(h.ssthreshSegments).toBeCloseTo(want, 9);
    }
  });
});
