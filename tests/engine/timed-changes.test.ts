// Timed changes (src/scenario/changes.ts): applied as scheduled events, so the run before a
// change is the run without it, row for row and draw for draw, and what follows obeys the new
// setting. Physical expectations are hand-computed from the link model (rate, headers, FIFO).
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { TRACE_TABLES, traceHash, type TableName, type TraceData } from '../../src/engine/core/trace.ts';
import { HEADER_BYTES, TIMESTAMP_OPTION_BYTES } from '../../src/engine/net/packet.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { ScenarioInput, Scenario } from '../../src/scenario/schema.ts';
import { formatErrors, parseScenario } from '../../src/scenario/validate.ts';

function parsed(input: unknown): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(formatErrors(r.errors));
  return r.scenario;
}

const preset = (name: string, edit: (s: ScenarioInput) => ScenarioInput = (s) => s): Scenario => parsed(edit(structuredClone(getPreset(name)!.scenario)));

/** The trace cut to rows before `cutNs` (all tables), or from `cutNs` on. */
function slice(trace: TraceData, cutNs: number, part: 'before' | 'after'): TraceData {
  const out = {} as Record<TableName, Record<string, Float64Array>>;
  for (const name of Object.keys(TRACE_TABLES) as TableName[]) {
    const table = trace[name] as Record<string, Float64Array>;
    const rows: number[] = [];
    table.tNs.forEach((t, i) => {
      if (part === 'before' ? t < cutNs : t >= cutNs) rows.push(i);
    });
    out[name] = Object.fromEntries(TRACE_TABLES[name].map((c) => [c, Float64Array.from(rows, (i) => table[c][i])]));
  }
  return out as TraceData;
}

const S = 1e9;

describe('timed changes keep the past and change the future', () => {
  // reference-2mbps shortened to 45 s; the edit at 30 s halves the bottleneck's rate.
  const base = preset('reference-2mbps', (s) => ({ ...s, durationS: 45 }));
  const edited = { ...base, changes: [{ atS: 30, path: 'path.0.forward.rateBps', value: 1e6 }] };
  const a = runScenario(base);
  const b = runScenario(parsed(edited));

  it('leaves every table identical before the change (hash of the prefix) and changes what follows', () => {
    expect(traceHash(slice(b.trace, 30 * S, 'before'))).toBe(traceHash(slice(a.trace, 30 * S, 'before')));
    expect(slice(a.trace, 30 * S, 'before').send.tNs.length).toBeGreaterThan(1000);
    expect(traceHash(slice(b.trace, 30 * S, 'after'))).not.toBe(traceHash(slice(a.trace, 30 * S, 'after')));
  });

  it('traces the change once, at its time, naming its index and link', () => {
    expect(Array.from(b.trace.change.tNs)).toEqual([30 * S]);
    expect(Array.from(b.trace.change.index)).toEqual([0]);
    expect(Array.from(b.trace.change.link)).toEqual([0]); // path.0 forward is the first link
    expect(a.trace.change.tNs.length).toBe(0);
  });

  it('keeps the random draws before a change of the packet error rate', () => {
    const lossy = preset('lossy-10mbps', (s) => ({ ...s, durationS: 60 }));
    const withPer = parsed({ ...lossy, changes: [{ atS: 30, path: 'path.0.forward.errors.0.per', value: 0.03 }] });
    const x = runScenario(lossy);
    const y = runScenario(withPer);
    expect(traceHash(slice(y.trace, 30 * S, 'before'))).toBe(traceHash(slice(x.trace, 30 * S, 'before')));
    // The share of packets lost on the wire after 30 s is the new PER: channel errors over the
    // segments sent (each crosses the lossy link once). Mathis' rate, 1.22·MSS/(RTT·√p), gives
    // about 3 600 segments in those 30 s at p = 1 % and 2 100 at 3 %: binomial standard
    // deviations of 0.17 and 0.37 percentage points, so the bounds are 3 σ either side.
    const lossShare = (r: typeof x): number => {
      const errors = Array.from(r.trace.drop.tNs).filter((t, i) => t >= 30 * S && r.trace.drop.cause[i] === 2).length;
      const sent = Array.from(r.trace.send.tNs).filter((t) => t >= 30 * S).length;
      return errors / sent;
    };
    expect(lossShare(x)).toBeGreaterThan(0.005);
    expect(lossShare(x)).toBeLessThan(0.015);
    expect(lossShare(y)).toBeGreaterThan(0.019);
    expect(lossShare(y)).toBeLessThan(0.041);
  });

  it('replaces an error model from its time: its channel states start then, the old draws stop', () => {
    const ge = [{ kind: 'gilbert-elliott', meanGoodS: 2, meanBadS: 0.2, perGood: 0, perBad: 0.5 }];
    const c = runScenario(parsed({ ...edited, changes: [{ atS: 30, path: 'path.0.forward.errors', value: ge }] }));
    expect(traceHash(slice(c.trace, 30 * S, 'before'))).toBe(traceHash(slice(a.trace, 30 * S, 'before')));
    const ch = c.trace.channel;
    expect(ch.tNs[0]).toBe(30 * S); // good at 30 s, then bad and good spells
    expect(ch.tNs.length).toBeGreaterThan(2);
    // channel errors only after the change
    const errorTimes = Array.from(c.trace.drop.tNs).filter((_, i) => c.trace.drop.cause[i] === 2);
    expect(errorTimes.length).toBeGreaterThan(0);
    expect(Math.min(...errorTimes)).toBeGreaterThanOrEqual(30 * S);
  });

  it('a blackout put in by a change keeps its own clock: under way at the change it starts off; over, it does nothing', () => {
    // blackout 25 s … 35 s, put in at 30 s: off from 30 s to 35 s, every packet lost then (per 1)
    const blackout = (atS: number) => [{ kind: 'blackout', atS, durationS: 10, per: 1 }];
    const under = runScenario(parsed({ ...base, changes: [{ atS: 30, path: 'path.0.forward.errors', value: blackout(25) }] }));
    expect(Array.from(under.trace.channel.tNs)).toEqual([30 * S, 35 * S]);
    expect(Array.from(under.trace.channel.state)).toEqual([2, 0]); // off, good
    const handoffs = Array.from(under.trace.drop.tNs).filter((_, i) => under.trace.drop.cause[i] === 3);
    expect(handoffs.length).toBeGreaterThan(0);
    expect(Math.min(...handoffs)).toBeGreaterThanOrEqual(30 * S);
    expect(Math.max(...handoffs)).toBeLessThan(35 * S);
    // a window already over: the link's channel is traced from then on (good), nothing is lost,
    // and the run goes on exactly as without it
    const over = runScenario(parsed({ ...base, changes: [{ atS: 30, path: 'path.0.forward.errors', value: blackout(5) }] }));
    expect(Array.from(over.trace.channel.tNs)).toEqual([30 * S]);
    expect(Array.from(over.trace.channel.state)).toEqual([0]);
    expect(traceHash({ ...over.trace, change: a.trace.change, channel: a.trace.channel })).toBe(traceHash(a.trace));
  });

  it('gives the same run for the same scenario (a change is as deterministic as the rest)', () => {
    expect(traceHash(runScenario(parsed(edited)).trace)).toBe(traceHash(b.trace));
  });
});

describe('timed changes obey the link model', () => {
  // One bulk flow limited by its receiver's window (300 segments) behind a 400-packet buffer:
  // the window never fills the buffer, so nothing is lost and the bottleneck never idles once
  // the queue has built up — every second it sends exactly its rate's worth of bits.
  const MSS = 1000;
  // IP + TCP headers and the timestamps option (on by default) ride with every segment.
  const wireBits = (MSS + HEADER_BYTES + TIMESTAMP_OPTION_BYTES) * 8;
  const saturated = (changes: unknown[]): ReturnType<typeof runScenario> =>
    runScenario(
      parsed({
        version: 4,
        durationS: 40,
        path: [{ id: 'b', forward: { rateBps: 4e6, delayMs: 20, queue: { kind: 'droptail', limitPackets: 400 } } }],
        flows: [{ id: 'f', access: { id: 'a', forward: { rateBps: 1e9, delayMs: 1 } }, tcp: { mssBytes: MSS, rwndSegments: 300, delayedAck: false } }],
        changes,
      }),
    );

  /** Payload delivered in order per second over [fromS, toS], from the cumulative ACKs. */
  function goodputBps(r: ReturnType<typeof runScenario>, fromS: number, toS: number): number {
    const { tNs, ackNo } = r.trace.ack;
    const at = (s: number): number => {
      let v = 0;
      for (let i = 0; i < tNs.length && tNs[i] <= s * S; i++) v = ackNo[i];
      return v;
    };
    return ((at(toS) - at(fromS)) * 8) / (toS - fromS);
  }

  it('halving the rate at 20 s halves the delivered rate one RTT later (within 1 %)', () => {
    const r = saturated([{ atS: 20, path: 'path.0.forward.rateBps', value: 2e6 }]);
    expect(r.links[0].drops['queue-overflow']).toBe(0);
    // Payload share of each packet on the wire: MSS / (MSS + 40 + 12). Hand computation:
    // 4 Mb/s → 4e6 · 1000/1052 = 3.802 Mb/s of payload; 2 Mb/s → 1.901 Mb/s.
    const before = goodputBps(r, 10, 20);
    const after = goodputBps(r, 20 + 0.042 + 0.01, 40); // + propagation RTT (2·21 ms) + a packet's time at the new rate
    expect(before / ((4e6 * MSS * 8) / wireBits)).toBeCloseTo(1, 2);
    // 1 %: the window ends on ACK boundaries (one 1000-byte ACK step in ~2400 is 0.04 %); the
    // packet in service at 20 s still finishes at the old rate (0.2 % of a second).
    expect(Math.abs(after / ((2e6 * MSS * 8) / wireBits) - 1)).toBeLessThan(0.01);
    // the time-weighted mean rate the results report: 20 s at 4 Mb/s, 20 s at 2 Mb/s
    expect(r.links[0].rateBps).toBeCloseTo(3e6, 0);
  });

  it('a longer delay moves every later ACK by the extra round trip, and delivery stays in order', () => {
    // With the window fixed at 300 segments and no loss, each ACK's spacing is the bottleneck's
    // packet time; adding 30 ms one way at 20 s delays the ACK stream by 30 ms once, then it goes on.
    const r = saturated([{ atS: 20, path: 'path.0.forward.delayMs', value: 50 }]);
    const plain = saturated([]);
    const { tNs } = r.trace.ack;
    const gaps = Array.from(tNs.slice(1), (t, i) => t - tNs[i]);
    const packetNs = (wireBits / 4e6) * S;
    const longest = Math.max(...gaps.filter((_, i) => tNs[i] > 20 * S));
    expect(longest).toBeCloseTo(packetNs + 30e6, -3);
    expect(plain.trace.ack.tNs.length - r.trace.ack.tNs.length).toBeGreaterThan(0);
    // receiver application bytes are checked in order by build.ts; nothing was lost
    expect(r.links[0].drops['queue-overflow']).toBe(0);
  });

  it('a queue limit lowered below the occupancy drops nothing waiting: arrivals are refused until it drains below', () => {
    const r = saturated([{ atS: 20, path: 'path.0.forward.queue.limitPackets', value: 50 }]);
    const q = r.trace.queue;
    const rows = Array.from(q.tNs.keys()).filter((i) => q.link[i] === 0);
    const atChange = rows.filter((i) => q.tNs[i] < 20 * S).at(-1)!;
    expect(q.packets[atChange]).toBeGreaterThan(50); // the window holds ~280 packets in the buffer
    const after = rows.filter((i) => q.tNs[i] >= 20 * S);
    // never grows while at or above the new limit; once below, never above it again
    let below = false;
    for (let k = 1; k < after.length; k++) {
      const prev = q.packets[after[k - 1]];
      const cur = q.packets[after[k]];
      if (prev >= 50) expect(cur).toBeLessThanOrEqual(prev);
      if (cur < 50) below = true;
      if (below) expect(cur).toBeLessThanOrEqual(50);
    }
    expect(below).toBe(true);
    // the first drop comes from an arrival after the change, never from the packets already waiting
    const drops = Array.from(r.trace.drop.tNs).filter((_, i) => r.trace.drop.link[i] === 0);
    expect(drops.length).toBeGreaterThan(0);
    expect(Math.min(...drops)).toBeGreaterThan(20 * S);
    expect(r.links[0].limitPackets).toBe(400); // results report the limit as built
  });
});
