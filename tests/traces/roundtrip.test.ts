/**
 * Round trip: a simulated run written as a sender-side capture (real headers, computed checksums)
 * imports to the simulator's own send and ACK rows, retransmission count and goodput.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/engine/run.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import type { Scenario } from '../../src/scenario/schema.ts';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { writeCapture, type LinkKind, type TcpPacketSpec, type WriteOptions } from './pcap-writer.ts';

const ACK = 0x10;
const SYN = 0x02;
const PSH = 0x08;

function lossyReference(variant: string, per: number, sack: boolean): Scenario {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a preset's JSON, edited by path
  const base = structuredClone(getPreset('reference-2mbps')!.scenario) as Record<string, any>;
  base.durationS = 20;
  base.path[0].forward.errors = [{ kind: 'bernoulli', per }];
  base.flows[0].variant = variant;
  base.flows[0].tcp.sack = sack;
  const r = parseScenario(base);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

/**
 * The sender's view of flow 0 as packets: a handshake one RTT before t = 0, every send row as a
 * data segment, every ack row as a pure ACK. ISNs near 2^32 so sequence numbers wrap.
 */
function capturePackets(s: Scenario, opts: { v6?: boolean } = {}): { packets: TcpPacketSpec[]; offsetNs: number } {
  const res = runScenario(s, { trace: ['send', 'ack'] });
  const { send, ack } = res.trace;
  const cli = opts.v6 ? '2001:db8::1' : '10.0.0.1';
  const srv = opts.v6 ? '2001:db8::2' : '10.0.0.2';
  const isnC = 0xffff0000;
  const isnS = 0x12345678;
  const offsetNs = 200e6;
  const mk = (tNs: number, fromClient: boolean, seq: number, ackNo: number, flags: number, len: number, extra: Partial<TcpPacketSpec> = {}): TcpPacketSpec => ({
    tNs: tNs + offsetNs,
    src: fromClient ? cli : srv,
    dst: fromClient ? srv : cli,
    sport: fromClient ? 40000 : 5001,
    dport: fromClient ? 5001 : 40000,
    seq: seq >>> 0,
    ack: ackNo >>> 0,
    flags,
    window: 4000,
    payloadLen: len,
    ...extra,
  });
  const packets: TcpPacketSpec[] = [
    mk(-150e6, true, isnC, 0, SYN, 0, { mss: 1000, sackOk: true, wscale: 7 }),
    mk(-50e6, false, isnS, isnC + 1, SYN | ACK, 0, { mss: 1000, sackOk: true, wscale: 7 }),
    mk(-50e6, true, isnC + 1, isnS + 1, ACK, 0),
  ];
  const rows: TcpPacketSpec[] = [];
  for (let i = 0; i < send.tNs.length; i++) {
    if (send.flow[i] !== 0) continue;
    rows.push(mk(send.tNs[i], true, isnC + 1 + send.seq[i], isnS + 1, ACK | PSH, send.lenBytes[i]));
  }
  for (let i = 0; i < ack.tNs.length; i++) {
    if (ack.flow[i] !== 0) continue;
    rows.push(mk(ack.tNs[i], false, isnS + 1, isnC + 1 + ack.ackNo[i], ACK, 0));
  }
  // Time order; on a tie an ACK comes first (the sender sends in reaction to it).
  rows.sort((a, b) => a.tNs - b.tNs || (a.src === srv ? -1 : 1) - (b.src === srv ? -1 : 1));
  return { packets: [...packets, ...rows], offsetNs };
}

function simRows(s: Scenario) {
  const res = runScenario(s, { trace: ['send', 'ack'] });
  const f = res.flows[0];
  const sends: number[][] = [];
  const acks: number[][] = [];
  for (let i = 0; i < res.trace.send.tNs.length; i++)
    if (res.trace.send.flow[i] === 0) sends.push([res.trace.send.tNs[i], res.trace.send.seq[i], res.trace.send.lenBytes[i], res.trace.send.retransmit[i]]);
  for (let i = 0; i < res.trace.ack.tNs.length; i++) if (res.trace.ack.flow[i] === 0) acks.push([res.trace.ack.tNs[i], res.trace.ack.ackNo[i]]);
  // Goodput from the trace, by the importer's definition: bytes cumulatively acknowledged over
  // the time from the first data segment to the last ACK that advanced.
  let una = 0;
  let lastAdvance = 0;
  for (const [t, a] of acks)
    if (a > una) {
      una = a;
      lastAdvance = t;
    }
  return { f, sends, acks, bytesAcked: una, goodputBps: (una * 8 * 1e9) / (lastAdvance - sends[0][0]) };
}

describe('capture round trip of a simulated run', () => {
  const scenario = lossyReference('newreno', 0.01, false);
  const sim = simRows(scenario);
  const { packets } = capturePackets(scenario);

  const cases: Array<[string, WriteOptions, number]> = [
    ['pcap ns, Ethernet, little-endian', { format: 'pcap-ns', link: 'ethernet' }, 0],
    ['pcap µs, SLL, big-endian', { format: 'pcap', link: 'sll', bigEndian: true }, 1000],
    ['pcapng ns, SLL2, snapped to 80 bytes', { format: 'pcapng', link: 'sll2', tsresol: 9, snapLen: 80 }, 0],
    ['pcapng µs, raw IP, big-endian', { format: 'pcapng', link: 'raw', bigEndian: true }, 1000],
  ];
  it.each(cases)('%s: the same sends, ACKs, retransmissions and goodput', (_name, opts, resolutionNs) => {
    const bytes = writeCapture(packets, opts);
    const im = importCapture(bytes);
    expect(im.messages).toEqual([]);
    expect(im.connections).toHaveLength(1);
    const r = reconstruct(im.connections[0].segments);
    expect(r.summary.captureSide).toBe('client');
    expect(r.summary.dataSender).toBe('client');
    expect(r.summary.handshakeSeen).toBe(true);
    const { send, ack } = r.trace;
    expect(send.tNs.length).toBe(sim.sends.length);
    expect(ack.tNs.length).toBe(sim.acks.length);
    // µs captures round each time down to the microsecond (relative to the first data segment's time, itself rounded)
    const near = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThanOrEqual(resolutionNs);
    sim.sends.forEach(([t, seq, len, rtx], i) => {
      near(send.tNs[i], t);
      expect([send.seq[i], send.lenBytes[i], send.retransmit[i]]).toEqual([seq, len, rtx]);
    });
    sim.acks.forEach(([t, a], i) => {
      near(ack.tNs[i], t);
      expect(ack.ackNo[i]).toBe(a);
    });
    expect(r.summary.retransmissions).toBe(sim.f.retransmissions);
    expect(r.summary.dataPackets).toBe(sim.f.segmentsSent);
    expect(r.summary.bytesAcked).toBe(sim.bytesAcked);
    if (resolutionNs === 0) expect(r.summary.goodputBps).toBe(sim.goodputBps);
    else expect(Math.abs(r.summary.goodputBps - sim.goodputBps) / sim.goodputBps).toBeLessThan(1e-6);
  });

  it('has losses to reconstruct (the scenario is not trivially clean)', () => {
    expect(sim.f.retransmissions).toBeGreaterThan(10);
    expect(sim.f.fastRetransmits).toBeGreaterThan(5);
  });

  it('finds each of the simulator’s fast retransmits and timeouts as a loss episode', () => {
    const r = reconstruct(importCapture(writeCapture(packets, { format: 'pcap-ns', link: 'ethernet' })).connections[0].segments);
    expect(r.summary.fastRecoveries).toBe(sim.f.fastRetransmits);
    expect(r.summary.timeouts).toBe(sim.f.timeouts);
  });

  it('reads IPv6 the same as IPv4', () => {
    const v6 = capturePackets(scenario, { v6: true }).packets;
    const r = reconstruct(importCapture(writeCapture(v6, { format: 'pcap-ns', link: 'ethernet' })).connections[0].segments);
    expect(r.summary.client).toBe('[2001:db8::1]:40000');
    expect(r.summary.retransmissions).toBe(sim.f.retransmissions);
    expect(r.summary.bytesAcked).toBe(sim.bytesAcked);
    expect(r.summary.dataHeaderBytes).toBe(40 + 20);
  });
});

export { capturePackets, lossyReference };
export type { LinkKind };
