/**
 * The sender side of the variant extension points (cc/types.ts): pacing, data suspension,
 * probes, variant timers, loss classification against ground truth, traced estimates, and the
 * receiver's probe replies, arrival-time echo and agent option. A test-only variant drives each
 * hook; expectations are computed by hand in the comments. MSS = 1000 bytes, header 40 bytes.
 */
import { variantInfo, type VariantInfo } from '../../src/catalogue/variants.ts';
import { describe, expect, it } from 'vitest';
import { msToNs } from '../../src/engine/core/simulator.ts';
import { classification } from '../../src/engine/metrics.ts';
import { newreno } from '../../src/engine/tcp/cc/newreno.ts';
import { registerVariant } from '../../src/engine/tcp/cc/registry.ts';
import type { CongestionControl, Conn, ReceiverAgent } from '../../src/engine/tcp/cc/types.ts';
import { receiverHarness, tcpHarness } from '../harness/tcp-harness.ts';

/** What the test variant's hooks saw, and what the test wants them to do. */
const log: { timers: number[]; probeAcks: [number, number][]; sent: number[]; classified: string[] } = { timers: [], probeAcks: [], sent: [], classified: [] };
const knobs = { pacingBps: 0, verdict: 'wireless' as 'wireless' | 'congestion', estimate: 1 };

function testCc(): CongestionControl {
  const base = newreno.create();
  return {
    ...base,
    estimates: [
      { key: 'fooBps', label: 'foo', unit: 'bit/s', read: () => knobs.estimate },
      { key: 'notYetSegments', label: 'not yet', unit: 'segments', read: () => Number.NaN },
    ],
    congAvoid(c: Conn, a) {
      c.pacingRateBps = knobs.pacingBps;
      base.congAvoid(c, a);
    },
    classify(_c, loss) {
      log.classified.push(loss);
      return knobs.verdict;
    },
    onTimer: (_c, id) => log.timers.push(id),
    onProbeAck: (_c, kind, id) => log.probeAcks.push([kind, id]),
    onSend: (_c, seq) => log.sent.push(seq),
  };
}
registerVariant({ name: 'test-hooks', create: testCc }, { ...(variantInfo('newreno') as VariantInfo), name: 'test-hooks' });

describe('sender extension points', () => {
  it('paces segments size·8/rate apart once a pacing rate is set', () => {
    knobs.pacingBps = 8.32e6; // a 1040-byte segment takes 1040·8 / 8.32e6 s = 1 ms
    const h = tcpHarness({ variant: 'test-hooks', initialCwndSegments: 4, initialSsthreshSegments: 4 });
    h.start();
    // No rate before the first ACK: the initial window leaves at once.
    expect(h.newSent().map((s) => s.tNs)).toEqual([0, 0, 0, 0]);
    h.ack(4000); // sets the rate; cwnd 4 → 4 + 1/4·… (CA: +MSS²/cwnd = 250 bytes) ⇒ 4 new segments allowed
    const t0 = h.sim.now();
    h.advance(msToNs(10));
    const times = h.newSent().map((s) => s.tNs - t0);
    expect(times).toEqual([0, msToNs(1), msToNs(2), msToNs(3)]);
    knobs.pacingBps = 0;
  });

  it('sends no data while suspended and resumes when released', () => {
    const h = tcpHarness({ variant: 'test-hooks', initialCwndSegments: 2 });
    h.start();
    h.newSent();
    h.sender.setDataSuspended(true);
    h.ack(2000); // slow start: cwnd 3 ⇒ three segments would go
    expect(h.newSent()).toEqual([]);
    expect(h.sender.dataSuspended).toBe(true);
    h.sender.setDataSuspended(false);
    h.ack(2000); // a duplicate ACK returns control to the sender, which sends the window
    expect(h.newSent().map((s) => s.seq)).toEqual([2000, 3000, 4000]);
  });

  it('sends header-only probes, counts them in overhead bytes, and routes probe replies to the variant', () => {
    const h = tcpHarness({ variant: 'test-hooks' });
    h.start();
    const before = h.sender.dataBytesSent;
    h.sender.sendProbe(1, 7);
    expect(h.probes).toEqual([{ kind: 1, id: 7, tNs: 0 }]);
    expect(h.sender.dataBytesSent - before).toBe(40);
    expect(h.sender.probesSent).toBe(1);
    log.probeAcks.length = 0;
    h.probeAck(2, 7);
    expect(log.probeAcks).toEqual([[2, 7]]);
    // A probe reply is not a duplicate ACK.
    expect(h.sender.dupAcks).toBe(0);
  });

  it('fires variant timers after their delay', () => {
    const h = tcpHarness({ variant: 'test-hooks' });
    h.start();
    log.timers.length = 0;
    h.sender.setTimer(msToNs(30), 5);
    h.advance(msToNs(29));
    expect(log.timers).toEqual([]);
    h.advance(msToNs(1));
    expect(log.timers).toEqual([5]);
  });

  it('scores each loss event: verdict against the ground-truth cause of the segment at sndUna', () => {
    knobs.verdict = 'wireless';
    log.classified.length = 0;
    const h = tcpHarness({ variant: 'test-hooks', initialCwndSegments: 10 });
    h.start();
    h.dropped(0, 'channel-error');
    h.dupAck(3); // third dupACK: a loss event; segment 0 was lost on the channel ⇒ correct
    expect(log.classified).toEqual(['dupack']);
    expect(h.verdicts).toEqual([{ tNs: 0, seq: 0, verdict: 'wireless', truth: 'wireless' }]);
    h.dupAck(2); // more dupACKs in recovery are not new loss events
    expect(log.classified).toEqual(['dupack']);
    h.ack(10_000); // full ACK ends recovery
    // A timeout with segment 10000 dropped by a queue: the 'wireless' verdict is wrong.
    h.dropped(10_000, 'queue-overflow');
    h.advance(msToNs(1100));
    expect(log.classified).toEqual(['dupack', 'rto']);
    expect(h.verdicts[1]).toMatchObject({ seq: 10_000, verdict: 'wireless', truth: 'congestion' });
    const c = classification(h.score.counts);
    expect(c.events).toBe(2);
    expect(c.accuracy).toBe(0.5);
    expect(c.matrix.wireless).toEqual({ congestion: 1, wireless: 1, none: 0 });
  });

  it('traces finite estimates when they change, by index into the variant estimates, and shows them in inspect()', () => {
    knobs.estimate = 1;
    const h = tcpHarness({ variant: 'test-hooks' });
    h.start();
    h.ack(1000);
    h.ack(2000); // unchanged: no new row
    knobs.estimate = 2.5;
    h.ack(3000);
    expect(h.estimates.map((e) => [e.key, e.value])).toEqual([
      ['fooBps', 1],
      ['fooBps', 2.5],
    ]);
    // not formed (NaN): no row, and null in the snapshot
    expect(h.sender.inspect()).toMatchObject({ fooBps: 2.5, notYetSegments: null });
  });
});

describe('receiver extension points', () => {
  it('answers PROBE1 with PR1_ACK and PROBE2 with PR2_ACK at once, same id, header only', () => {
    const h = receiverHarness({ delayedAck: true });
    h.segment(0);
    h.probe(1, 3);
    h.probe(3, 3);
    const replies = h.acks.filter((a) => a.probe !== 0);
    expect(replies.map((a) => [a.probe, a.probeId, a.ackNo])).toEqual([
      [2, 3, 1000],
      [4, 3, 1000],
    ]);
    expect(h.receiver.ackBytesSent).toBe(80);
  });

  it('echoes the arrival time of the segment that triggered each ACK', () => {
    const h = receiverHarness({ delayedAck: true, delayedAckMs: 200 });
    h.advance(msToNs(5));
    h.segment(0); // delayed: the timer sends its ACK at 205 ms, echoing 5 ms
    h.advance(msToNs(300));
    h.segment(2); // out of order at 305 ms: immediate ACK echoing 305 ms
    expect(h.acks.map((a) => [a.tNs, a.rcvTsNs])).toEqual([
      [msToNs(205), msToNs(5)],
      [msToNs(305), msToNs(305)],
    ]);
  });

  it('lets an agent see every data segment and fill every ACK option, charging its bytes', () => {
    const seen: [number, number][] = [];
    const agent: ReceiverAgent = {
      ackOptionBytes: 4,
      onSegment: (_r, s) => seen.push([s.seq, s.tag]),
      ackOption: (r) => r.rcvNxt / 1000,
    };
    const h = receiverHarness({ delayedAck: false, agent });
    h.segment(0, { tag: 9 });
    h.segment(1, { tag: 9 });
    expect(seen).toEqual([
      [0, 9],
      [1000, 9],
    ]);
    expect(h.acks.map((a) => a.option)).toEqual([1, 2]);
    expect(h.receiver.ackBytesSent).toBe(2 * 44);
  });
});
