/**
 * The SACK scoreboard's counted answers against a recount from the definitions, after every ACK
 * of random scenarios with SACK on. The recount walks the segments one by one from the per-
 * segment SACKed flags, as RFC 6675 §4 words it:
 *   IsLost(S): at least DupThresh SACKed segments above S;
 *   SetPipe(): for each unSACKed segment in [HighACK, HighData], +1 if not IsLost, +1 if at or
 *              below HighRxt (here: starting below HighRxt + 1);
 *   NextSeg's scans: the first unSACKed segment at or above a byte.
 * The scoreboard answers them from a Fenwick tree and skip pointers (board.ts); they must agree
 * on every ACK, whatever the window, the holes and the retransmissions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSimulation } from '../../src/engine/build.ts';
import { nullSink } from '../../src/engine/core/trace.ts';
import type { Sender } from '../../src/engine/tcp/sender.ts';
import { ScenarioSchema, type Scenario } from '../../src/scenario/schema.ts';
import { scenarioArb } from '../harness/scenario-arb.ts';

interface Recount {
  sacked: number;
  lost: number;
  problems: string[];
}

/** Recount the scoreboard of `s` from its flags and compare every counted answer. */
function recount(s: Sender): Recount {
  const mss = s.mssBytes;
  const board = s.board;
  const problems: string[] = [];
  if (s.sndMax <= s.sndUna || s.sndUna % mss !== 0) return { sacked: 0, lost: 0, problems };
  const u = s.sndUna / mss;
  const last = Math.ceil(s.sndMax / mss);
  const sacked: boolean[] = [];
  for (let i = u; i < last; i++) sacked.push(board.isSacked(i));
  // IsLost by its definition: walk down counting SACKed segments above.
  const lost: boolean[] = new Array<boolean>(sacked.length).fill(false);
  let above = 0;
  for (let k = sacked.length - 1; k >= 0; k--) {
    lost[k] = !sacked[k] && above >= s.dupAckThreshold;
    if (sacked[k]) above++;
  }
  const sackedTotal = sacked.filter(Boolean).length;
  if (board.sackedCount !== sackedTotal) problems.push(`sackedCount ${board.sackedCount}, recount ${sackedTotal}`);
  if (board.sackedIn(u, last) !== sackedTotal) problems.push(`sackedIn ${board.sackedIn(u, last)}, recount ${sackedTotal}`);
  for (let k = 0; k < sacked.length; k++) {
    const seq = (u + k) * mss;
    // IsLost asks about an unSACKed segment; for a SACKed one the question does not arise.
    if (!sacked[k] && s.sack.isLost(seq) !== lost[k]) problems.push(`IsLost(${seq}) ${s.sack.isLost(seq)}, recount ${lost[k]}`);
  }
  const len = (k: number): number => Math.min(mss, s.sndMax - (u + k) * mss);
  const setPipe = (highRxtEnd: number): number => {
    let pipe = 0;
    for (let k = 0; k < sacked.length; k++) {
      if (sacked[k]) continue;
      if (!lost[k]) pipe += len(k);
      if ((u + k) * mss < highRxtEnd) pipe += len(k);
    }
    return pipe;
  };
  const highRxt = s.inspect().highRxt;
  const rxtEnds = [s.sndUna, s.sndMax, s.sndUna + Math.floor((last - u) / 2) * mss];
  if (typeof highRxt === 'number' && highRxt >= 0) rxtEnds.push(highRxt + 1);
  for (const h of rxtEnds) {
    const want = setPipe(h);
    if (s.sack.pipe(h) !== want) problems.push(`SetPipe(HighRxt+1 = ${h}) ${s.sack.pipe(h)}, recount ${want}`);
  }
  for (const from of [s.sndUna, ...rxtEnds.filter((h) => h < s.sndMax)]) {
    let k = Math.floor(from / mss) - u;
    while (k < sacked.length && sacked[k]) k++;
    const want = from + (k - (Math.floor(from / mss) - u)) * mss;
    if (s.sack.nextUnsacked(from) !== want) problems.push(`next unSACKed from ${from}: ${s.sack.nextUnsacked(from)}, recount ${want}`);
  }
  return { sacked: sackedTotal, lost: lost.filter(Boolean).length, problems };
}

/** Run `s` checking every flow's scoreboard after each ACK it takes in; the first disagreements. */
function checkEveryAck(s: Scenario): { problems: string[]; acks: number; withHoles: number; maxHoles: number } {
  const sim = buildSimulation(s, s.seed, nullSink);
  const problems: string[] = [];
  let acks = 0;
  let withHoles = 0;
  let maxHoles = 0;
  sim.flows.forEach((f, fi) => {
    const sender = f.sender;
    const receive = sender.receive.bind(sender);
    sender.receive = (ack) => {
      receive(ack);
      if (problems.length > 5) return;
      const r = recount(sender);
      acks++;
      if (r.lost > 0) withHoles++;
      maxHoles = Math.max(maxHoles, r.lost);
      for (const p of r.problems) problems.push(`t=${sim.sim.now()} flow ${fi}: ${p}`);
    };
  });
  sim.run();
  return { problems, acks, withHoles, maxHoles };
}

describe('SACK scoreboard', () => {
  it('counts SACKed segments, IsLost, SetPipe and the next unSACKed segment as a recount does, after every ACK', () => {
    // SACK on for every flow, windows up to 400 segments, loss from the generator's channels.
    const sackArb = scenarioArb.map((s) => ({ ...s, flows: s.flows.map((f) => ({ ...f, tcp: { ...f.tcp, sack: true, rwndSegments: f.tcp.rwndSegments * 2 } })) }));
    let lossyAcks = 0;
    fc.assert(
      fc.property(sackArb, (s) => {
        const r = checkEveryAck(s);
        lossyAcks += r.withHoles;
        expect(r.problems).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 60), seed: Number(process.env.PROPERTY_SEED ?? 6675) },
    );
    // The check is worth something only if the runs had lost segments on the scoreboard.
    expect(lossyAcks).toBeGreaterThan(300);
  });

  it('agrees on windows of hundreds of segments with tens of holes (random loss on a fast, long path)', () => {
    const bulkArb = fc
      .record({
        seed: fc.integer({ min: 0, max: 1000 }),
        rateBps: fc.integer({ min: 10e6, max: 60e6 }),
        delayMs: fc.integer({ min: 10, max: 50 }),
        per: fc.double({ min: 0.002, max: 0.03, noNaN: true }),
        variant: fc.constantFrom('sack', 'cubic', 'bbr', 'newreno', 'westwood'),
        recovery: fc.constantFrom('sack' as const, 'sack-prr' as const),
      })
      .map(({ seed, rateBps, delayMs, per, variant, recovery }) =>
        ScenarioSchema.parse({
          version: 4,
          durationS: 2,
          seed,
          path: [{ id: 'hop0', forward: { rateBps, delayMs, queue: { kind: 'droptail', limitPackets: 400 }, errors: [{ kind: 'bernoulli', per }] } }],
          flows: [{ id: 'f0', variant, access: { id: 'a0', forward: { rateBps: 1e9, delayMs: 1 } }, tcp: { sack: true, recovery, rwndSegments: 2000, initialCwndSegments: 10 } }],
        }),
      );
    let maxHoles = 0;
    fc.assert(
      fc.property(bulkArb, (s) => {
        const r = checkEveryAck(s);
        maxHoles = Math.max(maxHoles, r.maxHoles);
        expect(r.problems).toEqual([]);
      }),
      { numRuns: 12, seed: 2018 },
    );
    expect(maxHoles).toBeGreaterThanOrEqual(20);
  });
});
