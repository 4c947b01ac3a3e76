/**
 * Property tests: random scenarios (fast-check) must satisfy every invariant, and the same
 * scenario with the same seed must produce a byte-identical trace. The generator covers every
 * path element: error models, RED/CW queues, variable links, cross traffic, token buckets,
 * playback. For a longer soak: PROPERTY_RUNS=3000 PROPERTY_SEED=<n> npm run test:unit.
 */
import { CA_STATES } from '../../src/engine/core/trace.ts';
import { variantInfo } from '../../src/catalogue/variants.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.ts';
import { checkedRun, violations } from '../harness/invariants.ts';
import { Prr } from '../../src/engine/tcp/recovery/prr.ts';
import { recoveryNeedsSack, resolveRecovery } from '../../src/engine/tcp/recovery/index.ts';
import { scenarioArb } from '../harness/scenario-arb.ts';

describe('random scenarios', () => {
  it('keep every invariant (bytes once and in order, packets conserved, cwnd ≥ 1 MSS, finite numbers)', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const v = violations(checkedRun(s));
        expect(v).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 250), seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  });

  /**
   * Every variant × every recovery: a flow retransmits no more segments than the links dropped of
   * its data, leaving out resends of data that was outstanding when it entered the loss state (a
   * retransmission timeout, or Tahoe's fast retransmit, declares all of it lost and cannot know
   * better: go-back-N), plus what the recoveries are specified to send without evidence of a
   * loss, each counted from the trace:
   * - one per ACK of the flow that was lost (to a channel error or to a reverse queue): a lost ACK
   *   takes its cumulative advance and SACK blocks with it, so the sender may resend one segment
   *   the receiver already holds;
   * - with SACK recovery, one rescue retransmission per episode (RFC 6675 §4 NextSeg rule 4: "the
   *   highest outstanding unSACKed sequence number", sent when rules 1–3 find nothing, whether or
   *   not it was lost). By hand (tests/engine/sack.test.ts, the rescue case): segments 0–9 out,
   *   0 lost, 1–7 SACKed, 8 and 9 merely late — held by a token bucket, a slow reverse path or a
   *   queue. The ACK of 0–7 reaches the sender exactly as it would if 8 and 9 were lost, so the
   *   sender resends 9: one retransmission, no drop;
   * - with Reno recovery, one per fast retransmit whose cumulative ACK does not pass the data
   *   outstanding at the last entry into the loss state: Reno has no `recover` point (RFC 5681
   *   §3.2), so the duplicate ACKs that go-back-N's copies of data the receiver already held raise
   *   after a spurious timeout start a fast retransmit of a segment that was not lost (the
   *   textbook weakness reno.ts keeps; RFC 6582 §3.2 step 2's `ack − 1 > recover` test is the
   *   NewReno fix, and the same test counts these here).
   */
  it('retransmit no more than the links dropped, beyond timeouts and rescues, with any variant and recovery', () => {
    const RECOVERY = CA_STATES.indexOf('recovery');
    const LOSS = CA_STATES.indexOf('loss');
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const run = checkedRun(s);
        const t = run.trace;
        s.flows.forEach((f, fi) => {
          const recovery = resolveRecovery(f.tcp.recovery, variantInfo(f.variant) ?? { defaultRecovery: 'newreno' }, f.tcp.sack);
          // One past the highest byte sent so far, and that at the last entry into the loss state (what it declared lost).
          let sentEnd = 0;
          let lossEnd = 0;
          let k = 0;
          let retransmissions = 0;
          let rescues = 0;
          let renoEchoes = 0;
          for (let i = 0; i < t.send.tNs.length; i++) {
            if (t.send.flow[i] !== fi) continue;
            for (; k < t.castate.tNs.length && t.castate.tNs[k] <= t.send.tNs[i]; k++) {
              if (t.castate.flow[k] !== fi) continue;
              if (t.castate.to[k] === LOSS) lossEnd = sentEnd;
              if (t.castate.to[k] !== RECOVERY) continue;
              if (recoveryNeedsSack(recovery)) rescues++;
              if (recovery === 'reno' && t.castate.sndUna[k] <= lossEnd) renoEchoes++;
            }
            if (t.send.retransmit[i] === 1 && t.send.seq[i] >= lossEnd) retransmissions++;
            sentEnd = Math.max(sentEnd, t.send.seq[i] + t.send.lenBytes[i]);
          }
          let drops = 0;
          let ackDrops = 0;
          for (let i = 0; i < t.drop.tNs.length; i++) {
            if (t.drop.flow[i] !== fi) continue;
            if (t.drop.isAck[i] === 0) drops++;
            else ackDrops++;
          }
          expect(retransmissions, `${f.variant} / ${f.tcp.recovery} → ${recovery} / sack ${f.tcp.sack}`).toBeLessThanOrEqual(drops + ackDrops + rescues + renoEchoes);
        });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 250), seed: Number(process.env.PROPERTY_SEED ?? 1) },
    );
  });

  it('give an identical trace hash for the same scenario and seed, run twice', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        expect(checkedRun(s).hash).toBe(checkedRun(s).hash);
      }),
      { numRuns: 60, seed: 7 },
    );
  });

  it('finish a finite transfer on a clean path and deliver exactly its bytes', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        // No channel errors and no cross traffic: every transfer must finish (RED may still drop).
        // Liveness, not speed: an hour of simulated time. TCP-Real sets its window from the
        // receiving rate, which a tiny drop-tail buffer never lowers, so at the end of a transfer
        // it resends a large window into a 1–3 packet buffer after every timeout, and without
        // timestamps Karn's rule keeps the timer backed off (up to maxRto = 60 s): the generator
        // found 17,689 bytes taking 130 s and 55,745 bytes over 600 s. Slow, but never stuck.
        const clean: Scenario = {
          ...s,
          durationS: 3600,
          cross: [],
          path: s.path.map((l) => ({ ...l, forward: { ...l.forward, errors: [] }, reverse: { ...l.reverse, errors: [] } })),
          flows: s.flows.map((f) => ({
            ...f,
            bytes: f.bytes ?? 50_000,
            access: { ...f.access, forward: { ...f.access.forward, errors: [] }, reverse: { ...f.access.reverse, errors: [] } },
          })),
        };
        const run = checkedRun(clean);
        expect(violations(run)).toEqual([]);
        run.result.flows.forEach((f, i) => {
          expect(f.bytesDelivered).toBe(clean.flows[i].bytes);
          expect(f.completionTimeS).not.toBeNull();
        });
      }),
      { numRuns: 60, seed: 11 },
    );
  });
});

/**
 * PRR (RFC 6937 §3) over random recovery episodes: any RecoverFS, ssthresh below it, and any
 * sequence of ACKs (DeliveredData, the pipe the sender sees, segments actually sent after each).
 * What the RFC's algebra guarantees, checked on every ACK:
 * - sndcnt is never negative;
 * - while pipe > ssthresh (proportional part) the episode has sent, counting this ACK's sndcnt,
 *   no more than ⌈prr_delivered · ssthresh / RecoverFS⌉ segments (whole segments, as Linux);
 * - once pipe ≤ ssthresh, pipe + sndcnt ≤ ssthresh: PRR never takes pipe above ssthresh, and it
 *   sends no more than the slow-start reduction bound, max(prr_delivered − prr_out,
 *   DeliveredData) + MSS (the conservative bound: prr_delivered − prr_out);
 * - cwnd = pipe + sndcnt.
 */
describe('PRR (RFC 6937) bounds over random episodes', () => {
  const MSS = 1000;
  const episodeArb = fc.record({
    conservative: fc.boolean(),
    recoverFsSegments: fc.integer({ min: 2, max: 200 }),
    ssthreshFraction: fc.double({ min: 0.05, max: 1, noNaN: true }),
    acks: fc.array(
      fc.record({ deliveredSegments: fc.integer({ min: 0, max: 4 }), pipeChange: fc.integer({ min: -4, max: 2 }), sendShare: fc.double({ min: 0, max: 1, noNaN: true }) }),
      { minLength: 1, maxLength: 120 },
    ),
  });

  it('keep sndcnt within the proportional and reduction bounds, and pipe + sndcnt ≤ ssthresh once pipe is at or below it', () => {
    fc.assert(
      fc.property(episodeArb, (e) => {
        const prr = new Prr(e.conservative);
        const recoverFs = e.recoverFsSegments * MSS;
        const ssthresh = Math.max(2 * MSS, Math.floor(e.recoverFsSegments * e.ssthreshFraction) * MSS);
        prr.start(recoverFs);
        let pipe = recoverFs;
        for (const a of e.acks) {
          const delivered = a.deliveredSegments * MSS;
          pipe = Math.max(0, pipe - delivered + a.pipeChange * MSS);
          const before = { delivered: prr.deliveredBytes + delivered, out: prr.outBytes };
          const cwnd = prr.onAck(delivered, pipe, ssthresh, MSS);
          const sndcnt = prr.sndcntBytes;
          expect(sndcnt).toBeGreaterThanOrEqual(0);
          expect(cwnd).toBe(pipe + sndcnt);
          if (pipe > ssthresh) {
            if (sndcnt > 0) expect(before.out + sndcnt).toBeLessThanOrEqual(Math.ceil((before.delivered * ssthresh) / recoverFs / MSS) * MSS);
          } else {
            expect(pipe + sndcnt).toBeLessThanOrEqual(ssthresh);
            const limit = e.conservative ? before.delivered - before.out : Math.max(before.delivered - before.out, delivered) + MSS;
            expect(sndcnt).toBeLessThanOrEqual(Math.max(limit, 0));
          }
          // The sender sends some of what it may (whole segments), and pipe grows by it.
          const sent = Math.floor((sndcnt / MSS) * a.sendShare) * MSS;
          prr.sent(sent);
          pipe += sent;
        }
      }),
      { numRuns: 400, seed: 6937 },
    );
  });
});
