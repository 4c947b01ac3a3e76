/**
 * Loss events as the 3G paper counts them (§4: p1, p2, p3 = shares of loss events with one, two,
 * three or more losses), grouped from a hand-built `drop` table: which drops count, where an
 * event ends, and the shares.
 */
import { describe, expect, it } from 'vitest';
import { DROP_CAUSES, type DropCause, type TraceTable } from '../../src/engine/core/trace.ts';
import { lossEvents } from '../../src/engine/metrics-loss-events.ts';

interface Drop {
  tMs: number;
  flow?: number;
  link?: number;
  isAck?: boolean;
  cause?: DropCause;
}

function table(drops: Drop[]): TraceTable<'drop'> {
  const col = (f: (d: Drop) => number): Float64Array => Float64Array.from(drops.map(f));
  return {
    tNs: col((d) => d.tMs * 1e6),
    link: col((d) => d.link ?? 0),
    flow: col((d) => d.flow ?? 0),
    seq: col(() => 0),
    isAck: col((d) => (d.isAck ? 1 : 0)),
    cause: col((d) => DROP_CAUSES.indexOf(d.cause ?? 'queue-overflow')),
  };
}

const RTT_NS = 500e6;

describe('lossEvents', () => {
  it('groups drops within one window of the event’s first drop: sizes 1, 2, 3 → p1 = p2 = p3 = 1/3', () => {
    const s = lossEvents(table([{ tMs: 0 }, { tMs: 1000 }, { tMs: 1400 }, { tMs: 3000 }, { tMs: 3100 }, { tMs: 3500 }]), { flow: 0, windowNs: RTT_NS });
    expect(s.sizes).toEqual([1, 2, 3]);
    expect([s.events, s.drops]).toEqual([3, 6]);
    expect([s.p1, s.p2, s.p3]).toEqual([1 / 3, 1 / 3, 1 / 3]);
  });

  it('measures the window from the first drop, not the last: a chain of drops 300 ms apart splits', () => {
    // 0, 300 (≤ 500 after 0), 600 (> 500 after 0: a new event), 900 (300 after 600).
    expect(lossEvents(table([{ tMs: 0 }, { tMs: 300 }, { tMs: 600 }, { tMs: 900 }]), { flow: 0, windowNs: RTT_NS }).sizes).toEqual([2, 2]);
    // A drop exactly one window after the first still belongs to it.
    expect(lossEvents(table([{ tMs: 0 }, { tMs: 500 }]), { flow: 0, windowNs: RTT_NS }).sizes).toEqual([2]);
  });

  it('counts four or more losses as p3 ("three or more")', () => {
    const s = lossEvents(table([{ tMs: 0 }, { tMs: 1 }, { tMs: 2 }, { tMs: 3 }, { tMs: 2000 }]), { flow: 0, windowNs: RTT_NS });
    expect(s.sizes).toEqual([4, 1]);
    expect([s.p1, s.p2, s.p3]).toEqual([0.5, 0, 0.5]);
  });

  it('takes only congestion drops of the flow’s data, on the links asked for', () => {
    const drops = table([
      { tMs: 0 },
      { tMs: 10, cause: 'channel-error' }, // a wireless loss: not a congestion event
      { tMs: 20, isAck: true, cause: 'reverse-path' }, // an ACK
      { tMs: 30, flow: 1 }, // another flow
      { tMs: 40, cause: 'red-early' }, // congestion too
      { tMs: 1000, link: 2 },
    ]);
    expect(lossEvents(drops, { flow: 0, windowNs: RTT_NS }).sizes).toEqual([2, 1]);
    expect(lossEvents(drops, { flow: 0, windowNs: RTT_NS, links: [0] }).sizes).toEqual([2]);
    expect(lossEvents(drops, { flow: 1, windowNs: RTT_NS }).sizes).toEqual([1]);
  });

  it('is all zeros without drops, and refuses a negative window or an unordered table', () => {
    expect(lossEvents(table([]), { flow: 0, windowNs: RTT_NS })).toEqual({ events: 0, drops: 0, p1: 0, p2: 0, p3: 0, sizes: [] });
    expect(() => lossEvents(table([]), { flow: 0, windowNs: -1 })).toThrow(/windowNs/);
    expect(() => lossEvents(table([{ tMs: 10 }, { tMs: 5 }]), { flow: 0, windowNs: RTT_NS })).toThrow(/time order/);
  });
});
