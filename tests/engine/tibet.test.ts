/**
 * TIBET (reconstruction, docs/engine.md): estimate = filtered length acknowledged per ACK /
 * filtered time between ACKs, both first-order filters with gain α = 0.99 per ACK starting at 0;
 * used as Westwood uses BWE. Expectations by hand below; MSS = 1000 bytes, timestamps on and every
 * ACK's RTT exactly 100 ms (tsEcr = now − 100 ms), so RTTmin = 100 ms.
 */
import { variantInfo, type VariantInfo } from '../../src/catalogue/variants.ts';
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { registerVariant } from '../../src/engine/tcp/cc/registry.ts';
import { createTibet } from '../../src/engine/tcp/cc/tibet.ts';
import { tcpHarness, type TcpHarness } from '../harness/tcp-harness.ts';

registerVariant({ name: 'tibet-alpha-0.5', create: () => createTibet({ alpha: 0.5 }) }, { ...(variantInfo('tibet') as VariantInfo), name: 'tibet-alpha-0.5' });

function ackAt(h: TcpHarness, ms: number, ackNo: number): void {
  h.advance(msToNs(ms) - h.sim.now());
  h.ack(ackNo, { tsEcrNs: msToNs(ms - 100) });
}

/**
 * Segments leave at t = 0 (the first interval starts there). ACKs:
 *   t = 100 ms, 2000 bytes, interval 100 ms: len = 0.01·2000 = 20;        int = 0.01·100 = 1 ms
 *   t = 120 ms, 1000 bytes, interval  20 ms: len = 0.99·20 + 10 = 29.8;   int = 0.99 + 0.2 = 1.19
 *   t = 130 ms, 2000 bytes, interval  10 ms: len = 0.99·29.8 + 20 = 49.502; int = 0.99·1.19 + 0.1 = 1.2781
 * estimate = 49.502 B / 1.2781 ms = 38730.93 B/s (the true average: 5000 B / 0.13 s = 38461.5 B/s).
 */
function tibetSampled(): TcpHarness {
  const h = tcpHarness({ variant: 'tibet', initialCwndSegments: 5, timestamps: true });
  h.start();
  ackAt(h, 100, 2000);
  ackAt(h, 120, 3000);
  ackAt(h, 130, 5000);
  return h;
}

describe('tibet', () => {
  it('tibet estimate is the filtered length over the filtered ACK interval', () => {
    const h = tibetSampled();
    const s = h.sender.inspect();
    expect(s.samples).toBe(3);
    expect(s.avgLengthBytes).toBeCloseTo(49.502, 9);
    expect(s.avgIntervalMs).toBeCloseTo(1.2781, 9);
    expect(s.tibetBps).toBeCloseTo((49.502 / 1.2781e-3) * 8, 4);
    expect(h.estimates.at(-1)).toMatchObject({ key: 'tibetBps', tNs: msToNs(130) });
  });

  it('tibet counts duplicate ACKs as one delivered segment each and reacts like Westwood', () => {
    const h = tibetSampled();
    h.newSent();
    // Three duplicates 10 ms apart, one MSS each:
    //   len 0.99·49.502 + 10 = 59.00698 → 68.4169102 → 77.73274110
    //   int 0.99·1.2781 + 0.1 = 1.365319 → 1.45166581 → 1.5371491519 ms
    // estimate 77.7327411 / 1.5371491519 ms = 50569.2 B/s ⇒ ssthresh ⌊50569.2·0.1/1000⌋ = 5 segments;
    // cwnd (5 + 3 slow-start ACKs = 8) ⇒ min(8, 5) + 3 = 8.
    for (const ms of [140, 150, 160]) {
      h.advance(msToNs(ms) - h.sim.now());
      h.dupAck();
    }
    expect(h.sender.inspect().tibetBps).toBeCloseTo((77.7327411 / 1.5371491519e-3) * 8, 3);
    expect(h.ssthreshSegments).toBe(5);
    expect(h.cwndSegments).toBe(8);
    expect(h.newSent()[0]).toMatchObject({ seq: 5000, retransmit: true });
  });

  it('tibet averages a compressed ACK burst instead of taking its rate', () => {
    // The burst of westwood.test.ts: 1000 bytes at 100 ms, 100.1 ms and 100.2 ms.
    // len = 1000·(0.01·0.99² + 0.01·0.99 + 0.01) = 29.701; int = 0.01·(100·0.99² + 0.1·0.99 + 0.1) = 0.98209 ms
    // ⇒ 30242.6 B/s, against a true 3000 B / 0.1002 s = 29940 B/s (per-ACK Westwood: 1450855 B/s).
    const h = tcpHarness({ variant: 'tibet', initialCwndSegments: 4, timestamps: true });
    h.start();
    ackAt(h, 100, 1000);
    ackAt(h, 100.1, 2000);
    ackAt(h, 100.2, 3000);
    expect(h.sender.inspect().tibetBps).toBeCloseTo((29.701 / 0.98209e-3) * 8, 3);
  });

  it('tibet gain is a tunable: α = 0.5 weighs the latest ACK by half', () => {
    // The three ACKs of tibetSampled():
    //   len 0.5·2000 = 1000 → 0.5·1000 + 0.5·1000 = 1000 → 0.5·1000 + 0.5·2000 = 1500
    //   int 0.5·100 = 50 → 0.5·50 + 0.5·20 = 35 → 0.5·35 + 0.5·10 = 22.5 ms ⇒ 1500 B / 22.5 ms = 66666.7 B/s
    const h = tcpHarness({ variant: 'tibet-alpha-0.5', initialCwndSegments: 5, timestamps: true });
    h.start();
    ackAt(h, 100, 2000);
    ackAt(h, 120, 3000);
    ackAt(h, 130, 5000);
    expect(h.sender.inspect().tibetBps).toBeCloseTo((1500 / 22.5e-3) * 8, 6);
  });
});
