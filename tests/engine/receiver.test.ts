/**
 * Receiver: delayed ACKs (RFC 5681 §4.2), SACK blocks (RFC 2018 §4) and timestamp echo
 * (RFC 7323 §4.3). MSS = 1000 bytes; `segment(k)` delivers bytes [1000k, 1000k + 1000). The
 * harness captures every ACK the receiver emits, with its time.
 */
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { receiverHarness } from '../harness/tcp-harness.ts';

describe('receiver', () => {
  it('receiver delayed ACK for every second full segment', () => {
    const h = receiverHarness();
    h.segment(0);
    expect(h.acks).toEqual([]);
    h.segment(1);
    expect(h.acks.map((a) => a.ackNo)).toEqual([2000]);
    h.segment(2);
    h.segment(3);
    expect(h.acks.map((a) => a.ackNo)).toEqual([2000, 4000]);
  });

  it('receiver delayed ACK timer acknowledges a lone segment after delayedAckMs', () => {
    const h = receiverHarness({ delayedAckMs: 200 });
    h.segment(0);
    h.advance(msToNs(200) - 1);
    expect(h.acks).toEqual([]);
    h.advance(1);
    expect(h.acks).toMatchObject([{ ackNo: 1000, tNs: msToNs(200) }]);
    // The timer is not re-armed without new data.
    h.advance(msToNs(1000));
    expect(h.acks).toHaveLength(1);
  });

  it('receiver without delayed ACKs acknowledges every segment', () => {
    const h = receiverHarness({ delayedAck: false });
    h.segment(0);
    h.segment(1);
    expect(h.acks.map((a) => a.ackNo)).toEqual([1000, 2000]);
  });

  it('receiver out-of-order segment is acknowledged at once (a duplicate ACK)', () => {
    const h = receiverHarness();
    h.segment(0); // held for the delayed ACK
    h.segment(2);
    expect(h.acks).toMatchObject([{ ackNo: 1000, tNs: 0 }]);
    // That ACK also covered segment 0: the delayed-ACK timer has nothing left to send.
    h.advance(msToNs(500));
    expect(h.acks).toHaveLength(1);
  });

  it('receiver segment filling a hole is acknowledged at once', () => {
    const h = receiverHarness();
    h.segment(0);
    h.segment(1); // ACK 2000
    h.segment(3); // ACK 2000 (dup)
    h.segment(2); // fills the hole: ACK 4000 now, not after the delayed-ACK timer
    expect(h.acks.map((a) => [a.ackNo, a.tNs])).toEqual([
      [2000, 0],
      [2000, 0],
      [4000, 0],
    ]);
  });

  it('receiver SACK blocks: the newest segment first, then the most recently reported, at most 3', () => {
    const h = receiverHarness({ sack: true });
    h.segment(1);
    expect(h.acks[0]).toMatchObject({ ackNo: 0, sack: [1000, 2000] });
    h.segment(3);
    expect(h.acks[1].sack).toEqual([3000, 4000, 1000, 2000]);
    h.segment(5);
    expect(h.acks[2].sack).toEqual([5000, 6000, 3000, 4000, 1000, 2000]);
    h.segment(7);
    // four blocks held; the oldest report ([1000, 2000)) no longer fits
    expect(h.acks[3].sack).toEqual([7000, 8000, 5000, 6000, 3000, 4000]);
    h.segment(2);
    // segment 2 joins [1000, 2000) and [3000, 4000): that block first, then 7 and 5
    expect(h.acks[4]).toMatchObject({ ackNo: 0, sack: [1000, 4000, 7000, 8000, 5000, 6000] });
  });

  it('receiver SACK blocks: a segment that advances the ACK is not reported, the rest still are', () => {
    const h = receiverHarness({ sack: true });
    h.segment(1);
    h.segment(3);
    h.segment(0);
    // ACK 2000; [1000, 2000) was absorbed, [3000, 4000) remains
    expect(h.acks[2]).toMatchObject({ ackNo: 2000, sack: [3000, 4000] });
    h.segment(2);
    expect(h.acks[3]).toMatchObject({ ackNo: 4000, sack: null });
  });

  it('receiver SACK blocks keep the older blocks while one block grows for many segments', () => {
    // Holes at 0, 2, 4; blocks A = [1000, 2000), B = [3000, 4000), then C grows from 5000 by ten
    // segments. RFC 2018 §4: after the first block (C, holding the newest segment) come "the most
    // recently reported SACK blocks … that are not subsets of a SACK block already included":
    // reports so far were A; B, A; C, B, A; C, B, A; … ⇒ every ACK is C, B, A.
    const h = receiverHarness({ sack: true });
    h.segment(1);
    h.segment(3);
    for (let k = 5; k < 15; k++) h.segment(k);
    const last = h.acks[h.acks.length - 1];
    expect(last).toMatchObject({ ackNo: 0, sack: [5000, 15000, 3000, 4000, 1000, 2000] });
  });

  it('receiver timestamps: a delayed ACK echoes the earliest unacknowledged segment', () => {
    const h = receiverHarness({ timestamps: true });
    h.segment(0, { tsValNs: 100 });
    h.segment(1, { tsValNs: 200 });
    // RFC 7323 §4.3 case (A): <A, TSval=1> <B, TSval=2> ⇒ <ACK(B), TSecr=1>
    expect(h.acks).toMatchObject([{ ackNo: 2000, tsEcrNs: 100 }]);
    h.segment(2, { tsValNs: 300 });
    h.segment(3, { tsValNs: 400 });
    expect(h.acks[1]).toMatchObject({ ackNo: 4000, tsEcrNs: 300 });
  });

  it('receiver timestamps: an out-of-order segment is not echoed; the segment filling the hole is', () => {
    const h = receiverHarness({ timestamps: true, delayedAck: false });
    h.segment(0, { tsValNs: 100 });
    h.segment(1, { tsValNs: 200 });
    h.segment(3, { tsValNs: 400 }); // segment 2 (TSval 300) lost
    // RFC 7323 §4.3 (2): SEG.SEQ 3000 > Last.ACK.sent 2000 ⇒ TS.Recent stays 200, the last
    // segment that advanced the window (case (C)).
    expect(h.acks[2]).toMatchObject({ ackNo: 2000, tsEcrNs: 200 });
    h.segment(2, { tsValNs: 500 }); // the retransmission
    // SEG.SEQ 2000 ≤ Last.ACK.sent 2000 and 500 ≥ 200 ⇒ TS.Recent = 500
    expect(h.acks[3]).toMatchObject({ ackNo: 4000, tsEcrNs: 500 });
  });
});
