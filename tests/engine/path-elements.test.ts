/**
 * Path elements inside full runs: the token bucket bounds the sender to r (plus the depth), the
 * playback application's accounting, cross traffic (forward CBR, reverse CBR jamming the ACK
 * path, FTP sessions), RED with ECN and the congestion-warning queue with the receiver's echo.
 * Expected values are derived from the configured rates, not from earlier runs.
 */
import { describe, expect, it } from 'vitest';
import { buildSimulation } from '../../src/engine/build.ts';
import { ColumnarSink } from '../../src/engine/core/trace.ts';
import { runScenario } from '../../src/engine/run.ts';
import type { Scenario, ScenarioInput } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';
import { violations, checkedRun } from '../harness/invariants.ts';

function scenario(edit: (s: ScenarioInput) => void): Scenario {
  const s: ScenarioInput = {
    version: 4,
    durationS: 20,
    path: [{ id: 'b', forward: { rateBps: 10e6, delayMs: 14, queue: { kind: 'droptail', limitPackets: 100 } } }],
    flows: [
      {
        id: 'f',
        variant: 'newreno',
        access: { id: 'a', forward: { rateBps: 100e6, delayMs: 1 } },
        tcp: { mssBytes: 1000, delayedAck: false, timestamps: true },
      },
    ],
  };
  edit(s);
  const r = parseScenario(s);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

describe('token bucket at the sender', () => {
  // TCP-Real §3: 20 tokens per 30 ms, depth 20, one token per 1 KB segment.
  const s = scenario((x) => {
    x.flows[0].tokenBucket = { tokensPerInterval: 20, intervalMs: 30, depthTokens: 20 };
  });

  it('sends at most depth + r·t segments, and uses nearly all of them on a clean fast path', () => {
    const r = runScenario(s);
    const allowed = 20 + (20 / 0.03) * s.durationS; // 13 353 segments in 20 s
    expect(r.flows[0].segmentsSent).toBeLessThanOrEqual(Math.floor(allowed));
    expect(r.flows[0].segmentsSent).toBeGreaterThan(0.95 * allowed);
    // r = 666.7 segments/s of 1000 B: 5.33 Mb/s of payload at most.
    expect(r.flows[0].goodputBps).toBeLessThanOrEqual((20 / 0.03) * 8000 * 1.01);
    const bucket = r.trace.bucket.tokens;
    expect(Math.max(...bucket)).toBeLessThanOrEqual(20);
    expect(Math.min(...bucket)).toBeGreaterThanOrEqual(0);
  });

  it('reports tokens per RTT against the permitted r·RTT/interval', () => {
    const f = runScenario(s).flows[0];
    expect(f.tokensPermittedPerRtt).not.toBeNull();
    expect(f.tokensPerRtt).not.toBeNull();
    // The RTT is at least the 30 ms propagation loop, so at least 20 tokens are permitted per RTT.
    expect(f.tokensPermittedPerRtt as number).toBeGreaterThanOrEqual(20);
    // A bulk sender on an idle 10 Mb/s path is limited by the bucket alone: it uses ≥ 90 % of it.
    expect((f.tokensPerRtt as number) / (f.tokensPermittedPerRtt as number)).toBeGreaterThan(0.9);
  });
});

describe('playback application', () => {
  it('a read succeeds only with a full chunk: read bytes + buffered bytes = delivered bytes', () => {
    // 5 KB every 10 ms = 4 Mb/s of demand on a 2 Mb/s path: about half the reads fail.
    const s = scenario((x) => {
      x.path[0].forward.rateBps = 2e6;
      x.flows[0].playback = { readBytes: 5000, periodMs: 10 };
    });
    const sink = new ColumnarSink();
    const sim = buildSimulation(s, 1, sink);
    sim.run();
    const f = sim.flows[0];
    const pb = f.playback;
    if (!pb) throw new Error('no playback');
    expect(pb.readSoFarBytes).toBe(5000 * pb.successes);
    expect(pb.readSoFarBytes + pb.bufferedBytes).toBe(f.receiver.rcvNxt);
    expect(pb.reads).toBe(Math.floor(20_000 / 10) + 1); // reads at 0, 10, …, 20 000 ms
    const pct = sim.results().flows[0].appSuccessPct as number;
    // Successes ≈ delivered / 5000 B, delivered ≈ 2 Mb/s·20 s of payload (1000/1052 of the wire).
    const expectedPct = (100 * ((2e6 * 20 * (1000 / 1052)) / 8 / 5000)) / pb.reads;
    expect(Math.abs(pct - expectedPct)).toBeLessThan(5);
    expect(sink.finish().playback.ok.length).toBe(pb.reads);
  });
});

describe('cross traffic', () => {
  it('forward CBR sends exactly rate·t/size packets and takes its share of the bottleneck', () => {
    const s = scenario((x) => {
      x.path[0].forward.rateBps = 2e6;
      x.cross = [{ id: 'cbr', kind: 'cbr', packetBytes: 1000, schedule: [{ atS: 0, rateBps: 1e6 }] }];
    });
    const r = runScenario(s);
    // 1 Mb/s of 1000 B packets: one every 8 ms, at 0, 8, …, 20 000 ms (the run includes its end instant).
    expect(r.cross[0].sentPackets).toBe(2501);
    expect(r.flows[0].goodputBps).toBeLessThan(1.1e6);
    expect(r.flows[0].goodputBps + r.cross[0].deliveredBps).toBeLessThanOrEqual(2e6);
    expect(violations(checkedRun(s))).toEqual([]);
  });

  it('reverse CBR that jams the ACK path loses ACKs only while it runs (New Jersey §5 schedule)', () => {
    const s = scenario((x) => {
      x.path[0].forward.rateBps = 1.5e6;
      x.path[0].reverse = { rateBps: 1.5e6 };
      x.cross = [
        {
          id: 'jam',
          kind: 'cbr',
          direction: 'reverse',
          packetBytes: 1000,
          schedule: [
            { atS: 1, rateBps: 1e6 },
            { atS: 5, rateBps: 0 },
            { atS: 10, rateBps: 3e6 },
            { atS: 15, rateBps: 0 },
          ],
        },
      ];
    });
    const r = runScenario(s);
    const d = r.trace.drop;
    const ackDropTimes = Array.from(d.tNs).filter((_, i) => d.isAck[i] === 1);
    expect(ackDropTimes.length).toBeGreaterThan(0);
    // Reverse-path losses happen only while the reverse link is jammed (10–15 s, plus draining).
    for (const t of ackDropTimes) {
      expect(t).toBeGreaterThanOrEqual(10e9);
      expect(t).toBeLessThan(16e9);
    }
    expect(r.links.find((l) => l.id === 'b/rev')?.drops['reverse-path']).toBe(ackDropTimes.length);
  });

  it('FTP sessions open at the Poisson rate and carry data over our TCP', () => {
    const s = scenario((x) => {
      x.durationS = 60;
      x.cross = [{ id: 'ftp', kind: 'ftp', generators: 1, meanGapS: 1, meanDurationS: 3 }];
    });
    const r = runScenario(s);
    const sessions = r.cross[0].sessions as number;
    // Poisson with mean 60 arrivals in 60 s: a 99.9 % interval is 60 ± 3.29·√60.
    expect(Math.abs(sessions - 60)).toBeLessThanOrEqual(3.2905 * Math.sqrt(60));
    expect(r.cross[0].deliveredBps).toBeGreaterThan(0);
    // Unlimited sessions send full 1000-byte segments: packets and bytes delivered agree.
    expect(r.cross[0].deliveredPackets).toBe(Math.floor((r.cross[0].deliveredBps * r.sim.simTimeS) / 8 / 1000 + 1e-9));
    expect(violations(checkedRun(s))).toEqual([]);
  });
});

describe('marking queues', () => {
  const red = (ecn: boolean): Scenario =>
    scenario((x) => {
      x.path[0].forward = { rateBps: 2e6, delayMs: 49, queue: { kind: 'red', limitPackets: 60, minThPackets: 5, maxThPackets: 15, maxP: 0.1, weight: 0.002, ecn } };
      x.durationS = 60;
      x.flows[0].tcp = { mssBytes: 1000, delayedAck: false, ecn };
    });

  it('RED with ECN marks instead of dropping early, and the sender halves on the echo', () => {
    const withEcn = runScenario(red(true));
    const without = runScenario(red(false));
    expect(withEcn.links[0].marks).toBeGreaterThan(0);
    expect(withEcn.flows[0].ecnReductions).toBeGreaterThan(0);
    expect(without.links[0].marks).toBe(0);
    expect(without.links[0].drops['red-early']).toBeGreaterThan(0);
    // ECN replaces early drops: far fewer packets lost, far fewer retransmissions.
    expect(withEcn.links[0].drops['red-early'] + withEcn.links[0].drops['queue-overflow']).toBeLessThan(without.links[0].drops['red-early'] / 2);
    expect(withEcn.flows[0].retransmissions).toBeLessThan(without.flows[0].retransmissions);
  });

  it('a congestion-warning queue marks forwarded packets while its average is high; a non-ECN sender ignores the echo', () => {
    const s = scenario((x) => {
      x.path[0].forward = { rateBps: 2e6, delayMs: 49, queue: { kind: 'cw', limitPackets: 30, weight: 0.01 } };
      x.durationS = 30;
    });
    const r = runScenario(s);
    expect(r.links[0].marks).toBeGreaterThan(0);
    expect(r.trace.mark.link.every((l) => l === 0)).toBe(true);
    expect(r.flows[0].ecnReductions).toBe(0);
  });
});

describe('available-bandwidth truth', () => {
  it('is the bottleneck rate minus the cross traffic it carried, per 100 ms bin and over the run', () => {
    const s = scenario((x) => {
      x.path[0].forward.rateBps = 2e6;
      x.cross = [{ id: 'cbr', kind: 'cbr', packetBytes: 1000, schedule: [{ atS: 0, rateBps: 1e6 }] }];
    });
    const r = runScenario(s, { trace: ['avail'] });
    const a = r.trace.avail;
    // One row per 100 ms bin over the 20 s run.
    expect(a.tNs.length).toBe(200);
    expect(a.tNs[0]).toBe(100e6);
    expect(r.summary.bottleneck).toBe(r.links[0].id);
    // A 1 Mb/s CBR of 1000-byte packets puts 12 or 13 packets (100 ms / 8 ms = 12.5) into most bins;
    // queueing behind TCP can shift a packet into a neighbouring bin, never create one.
    let sum = 0;
    for (let i = 0; i < a.bps.length; i++) {
      expect(a.bps[i]).toBeGreaterThanOrEqual(0);
      expect(a.bps[i]).toBeLessThanOrEqual(2e6);
      sum += a.bps[i];
    }
    // Bins tile the run, so their mean is the run's mean: 2 Mb/s minus the CBR that got through.
    const mean = sum / a.bps.length;
    expect(Math.abs(mean - (r.summary.meanAvailableBps as number))).toBeLessThan(2e6 * 1e-3);
    const cbrBps = (r.cross[0].deliveredPackets * 8000) / 20;
    expect(Math.abs((r.summary.meanAvailableBps as number) - (2e6 - cbrBps))).toBeLessThan(0.01 * 2e6);
  });
});
