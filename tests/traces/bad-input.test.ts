/**
 * Bad input: truncated files, wrong magic, absurd lengths, snapped packets, non-TCP traffic, a
 * packet cap, and fuzzed captures (truncations, bit flips, absurd length fields). Every case ends
 * with the packets read so far kept and a message naming what was wrong; nothing throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCapture } from '../../src/traces/import.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { ipPacket, writeCapture, type TcpPacketSpec } from './pcap-writer.ts';

const C = { src: '198.51.100.1', dst: '198.51.100.2', sport: 40000, dport: 443 };
const S = { src: '198.51.100.2', dst: '198.51.100.1', sport: 443, dport: 40000 };

/** A small clean transfer: handshake, 60 segments with one loss repaired, ACKs every segment. */
function transfer(): TcpPacketSpec[] {
  const p: TcpPacketSpec[] = [
    { ...C, tNs: 0, seq: 7, ack: 0, flags: 0x02, window: 500, payloadLen: 0, mss: 1000, sackOk: true, wscale: 4, ts: [1, 0] },
    { ...S, tNs: 50e6, seq: 99, ack: 8, flags: 0x12, window: 500, payloadLen: 0, mss: 1000, sackOk: true, wscale: 4, ts: [1, 1] },
    { ...C, tNs: 50e6, seq: 8, ack: 100, flags: 0x10, window: 500, payloadLen: 0, ts: [2, 1] },
  ];
  for (let k = 0; k < 60; k++) {
    p.push({ ...C, tNs: 51e6 + k * 1e6, seq: 8 + k * 1000, ack: 100, flags: 0x18, window: 500, payloadLen: 1000, ts: [3 + k, 1] });
    const ackTo = k >= 20 ? 20_000 : (k + 1) * 1000; // segment 20 lost
    p.push({ ...S, tNs: 101e6 + k * 1e6, seq: 100, ack: 8 + ackTo, flags: 0x10, window: 500, payloadLen: 0, ts: [2 + k, 3 + k], ...(k > 20 ? { sack: [[8 + 21_000, 8 + (k + 1) * 1000]] as Array<[number, number]> } : {}) });
  }
  p.push({ ...C, tNs: 170e6, seq: 8 + 20_000, ack: 100, flags: 0x18, window: 500, payloadLen: 1000, ts: [80, 1] });
  p.push({ ...S, tNs: 220e6, seq: 100, ack: 8 + 60_000, flags: 0x10, window: 500, payloadLen: 0, ts: [70, 80] });
  return p;
}

const clean = writeCapture(transfer(), { format: 'pcap', link: 'ethernet' });
const cleanNg = writeCapture(transfer(), { format: 'pcapng', link: 'ethernet' });

/** Import and reconstruct everything; returns the messages (throws only on a bug). */
function readAll(bytes: Uint8Array, maxPackets?: number): { messages: string[]; packets: number; warnings: string[] } {
  const im = importCapture(bytes, maxPackets ? { maxPackets } : undefined);
  const warnings = im.connections.flatMap((c) => reconstruct(c.segments).summary.warnings);
  return { messages: im.messages, packets: im.report.packets, warnings };
}

describe('bad captures', () => {
  it('reads the clean file without a message', () => {
    expect(readAll(clean)).toEqual({ messages: [], packets: 125, warnings: [] });
  });

  it('a truncated file keeps the packets before the cut and says where it ends', () => {
    const r = readAll(clean.subarray(0, clean.length - 30));
    expect(r.packets).toBe(124);
    expect(r.messages[0]).toMatch(/^the file ends in the middle of a record at byte \d+ \(\d+ bytes left over\): it was truncated; the 124 packets before it are kept$/);
  });

  it('wrong magic, an empty file, a file shorter than a header', () => {
    expect(readAll(new TextEncoder().encode('t_s,cwnd\n1,2\n')).messages[0]).toMatch(/^not a packet capture: the file starts with 74 5f 73 2c/);
    expect(readAll(new Uint8Array(0)).messages).toEqual(['the file is empty']);
    expect(readAll(clean.subarray(0, 10)).messages[0]).toBe('the file is too short to be a capture (10 bytes)');
  });

  it('an absurd record length stops reading there, keeping what came before', () => {
    const bad = clean.slice();
    const dv = new DataView(bad.buffer);
    // the 4th record's captured length
    let at = 24;
    for (let i = 0; i < 3; i++) at += 16 + dv.getUint32(at + 8, true);
    dv.setUint32(at + 8, 0xfffffff0, true);
    const r = readAll(bad);
    expect(r.packets).toBe(3);
    expect(r.messages[0]).toBe(`packet 4 at byte ${at} claims 4294967280 captured bytes (the most a record may hold is 262144): the file is corrupt from here; the 3 packets before it are kept`);
  });

  it('snapped packets and non-TCP traffic are counted and named', () => {
    const short = writeCapture(transfer(), { format: 'pcap', link: 'ethernet', snapLen: 40 });
    expect(readAll(short).messages).toEqual(['125 packets skipped: snapped before the end of their TCP header', 'no TCP connection found in the capture']);
    const udp = ipPacket(transfer()[3]);
    udp[9] = 17;
    const mixed = writeCapture(transfer(), { format: 'pcap', link: 'raw' });
    const rec = new Uint8Array(16 + udp.length);
    new DataView(rec.buffer).setUint32(8, udp.length, true);
    new DataView(rec.buffer).setUint32(12, udp.length, true);
    rec.set(udp, 16);
    const withUdp = new Uint8Array(mixed.length + rec.length);
    withUdp.set(mixed);
    withUdp.set(rec, mixed.length);
    expect(readAll(withUdp).messages).toEqual(['1 packet skipped: not TCP']);
  });

  it('a packet cap stops with a message and keeps the packets before it', () => {
    const r = readAll(clean, 50);
    expect(r.packets).toBe(50);
    expect(r.messages[0]).toBe('the capture has more than 50 packets: reading stopped there (the first 50 are kept)');
  });

  it('fuzz: truncations, bit flips and absurd lengths never throw, and damage that stops the reader is named', () => {
    for (const base of [clean, cleanNg]) {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: base.length }),
          fc.array(fc.tuple(fc.integer({ min: 0, max: base.length - 1 }), fc.integer({ min: 0, max: 7 })), { maxLength: 12 }),
          fc.option(fc.tuple(fc.integer({ min: 0, max: base.length - 4 }), fc.constantFrom(0xffffffff, 0x7fffffff, 0x10000000, 0))),
          (cut, flips, absurd) => {
            const b = base.slice(0, cut);
            for (const [i, bit] of flips) if (i < b.length) b[i] ^= 1 << bit;
            if (absurd && absurd[0] + 4 <= b.length) new DataView(b.buffer).setUint32(absurd[0], absurd[1], true);
            const r = readAll(b);
            for (const m of r.messages) expect(m.length).toBeGreaterThan(10);
            // a flipped length can split a record in two, but no record is shorter than its header
            expect(r.packets).toBeLessThanOrEqual(b.length / 16);
          },
        ),
        { numRuns: 300, seed: 35 },
      );
    }
  });
});
