/** Readers and reconstruction rules on hand-built packets (values worked out by hand). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureReader } from '../../src/traces/capture.ts';
import { decodeTcp } from '../../src/traces/decode.ts';
import { importCapture } from '../../src/traces/import.ts';
import { readKernelSamples, KernelSampleReader } from '../../src/traces/kernel-samples.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { frame, inetChecksum, ipPacket, writeCapture, type TcpPacketSpec } from './pcap-writer.ts';

const SYN = 0x02;
const ACK = 0x10;
const C = { src: '192.0.2.1', dst: '192.0.2.2', sport: 33000, dport: 80 };
const S = { src: '192.0.2.2', dst: '192.0.2.1', sport: 80, dport: 33000 };
const ISN = 1000;
const ISN_S = 5000;
const d = (tMs: number, rel: number, len: number, extra: Partial<TcpPacketSpec> = {}): TcpPacketSpec => ({
  ...C,
  tNs: tMs * 1e6,
  seq: ISN + 1 + rel,
  ack: ISN_S + 1,
  flags: ACK,
  window: 1000,
  payloadLen: len,
  ...extra,
});
const a = (tMs: number, rel: number, extra: Partial<TcpPacketSpec> = {}): TcpPacketSpec => ({
  ...S,
  tNs: tMs * 1e6,
  seq: ISN_S + 1,
  ack: ISN + 1 + rel,
  flags: ACK,
  window: 1000,
  payloadLen: 0,
  ...extra,
});
const handshake = (ts = false): TcpPacketSpec[] => [
  { ...C, tNs: 0, seq: ISN, ack: 0, flags: SYN, window: 1000, payloadLen: 0, mss: 1000, sackOk: true, wscale: 2, ...(ts ? { ts: [1, 0] as [number, number] } : {}) },
  { ...S, tNs: 100e6, seq: ISN_S, ack: ISN + 1, flags: SYN | ACK, window: 1000, payloadLen: 0, mss: 1460, sackOk: true, wscale: 3, ...(ts ? { ts: [7, 1] as [number, number] } : {}) },
  { ...C, tNs: 100e6, seq: ISN + 1, ack: ISN_S + 1, flags: ACK, window: 1000, payloadLen: 0 },
];
const rebuild = (packets: TcpPacketSpec[]) => {
  const im = importCapture(writeCapture(packets, { format: 'pcap-ns', link: 'ethernet' }));
  return reconstruct(im.connections[0].segments);
};

describe('checksums of the test-side writer', () => {
  it('computes the worked IPv4 header checksum example (0xb861)', () => {
    const hdr = Uint8Array.from([0x45, 0, 0, 0x73, 0, 0, 0x40, 0, 0x40, 0x11, 0, 0, 0xc0, 0xa8, 0, 1, 0xc0, 0xa8, 0, 0xc7]);
    expect(inetChecksum(hdr)).toBe(0xb861);
  });
  it('writes IPv4 packets whose header checksum verifies', () => {
    const ip = ipPacket(d(0, 0, 100));
    expect(inetChecksum(ip.subarray(0, 20))).toBe(0);
  });
});

describe('decoding', () => {
  it('reads every TCP option of a SYN and the SACK and timestamp options of an ACK', () => {
    const syn = decodeTcp(1, frame('ethernet', ipPacket({ ...handshake()[0], ts: [123456, 0] })), 0, 0);
    if (typeof syn === 'string') throw new Error(syn);
    expect(syn.options).toEqual({ mss: 1000, wscale: 2, sackPermitted: true, sack: [], tsVal: 123456, tsEcr: 0 });
    const ack = decodeTcp(101, ipPacket(a(0, 0, { sack: [[0xfffffff0, 0x10], [5, 9]], ts: [0xdeadbeef, 42] })), 0, 0);
    if (typeof ack === 'string') throw new Error(ack);
    expect(ack.options.sack).toEqual([[0xfffffff0, 0x10], [5, 9]]);
    expect([ack.options.tsVal, ack.options.tsEcr]).toEqual([0xdeadbeef, 42]);
    // 20 (IP) + 20 + 12 (timestamps, padded) + 20 (two SACK blocks, padded)
    expect(ack.headerLen).toBe(20 + 20 + 12 + 20);
  });

  it('takes the payload length from the IP header when the capture snapped the packet', () => {
    const seg = decodeTcp(1, frame('ethernet', ipPacket(d(0, 0, 1448))).subarray(0, 54), 0, 0);
    if (typeof seg === 'string') throw new Error(seg);
    expect(seg.payloadLen).toBe(1448);
  });

  it('names what is not TCP', () => {
    const udp = ipPacket(d(0, 0, 10));
    udp[9] = 17;
    expect(decodeTcp(101, udp, 0, 0)).toBe('not-tcp');
    const arp = Uint8Array.from([...Array(12).fill(0), 0x08, 0x06, ...Array(28).fill(0)]);
    expect(decodeTcp(1, arp, 0, 0)).toBe('not-ip');
    expect(decodeTcp(147, udp, 0, 0)).toBe('link-type');
    expect(decodeTcp(1, frame('ethernet', ipPacket(d(0, 0, 10))).subarray(0, 40), 0, 0)).toBe('truncated-header');
  });
});

describe('streaming', () => {
  it('gives the same packets whatever the chunk sizes', () => {
    const bytes = writeCapture([...handshake(), d(110, 0, 500), a(210, 500)], { format: 'pcapng', link: 'sll2', tsresol: 9 });
    const whole: number[] = [];
    const r0 = new CaptureReader((p) => whole.push(p.tNs, p.data.length, p.origLen));
    r0.push(bytes);
    r0.end();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 40 }), (sizes) => {
        const got: number[] = [];
        const r = new CaptureReader((p) => got.push(p.tNs, p.data.length, p.origLen));
        let at = 0;
        for (let i = 0; at < bytes.length; i++) {
          const n = sizes[i % sizes.length];
          r.push(bytes.slice(at, at + n));
          at += n;
        }
        const rep = r.end();
        expect(rep.problems).toEqual([]);
        expect(got).toEqual(whole);
      }),
      { numRuns: 50 },
    );
  });

  it('reads a pcapng power-of-two timestamp resolution (if_tsresol with the top bit set)', () => {
    const bytes = writeCapture([d(1500, 0, 10)], { format: 'pcapng', link: 'raw', tsresol: 9 });
    // rewrite the interface's resolution to 2^-10 s and its timestamp to 3·1024 + 512 units
    const dv = new DataView(bytes.buffer);
    bytes[28 + 20] = 0x80 | 10;
    const units = BigInt(1_700_000_000) * 1024n + 3n * 1024n + 512n;
    dv.setUint32(60 + 12, Number(units >> 32n), true);
    dv.setUint32(60 + 16, Number(units & 0xffffffffn), true);
    const times: number[] = [];
    const r = new CaptureReader((p) => times.push(p.tNs));
    r.push(bytes);
    const rep = r.end();
    expect(rep.baseS).toBe(1_700_000_003);
    expect(times).toEqual([0.5e9]);
  });
});

describe('reconstruction rules', () => {
  it('scales the receive window by the receiver’s window scale and reads the handshake side', () => {
    const r = rebuild([...handshake(), d(101, 0, 1000), a(201, 1000)]);
    // rwnd = 1000 << 3 bytes = 8 segments of 1000 bytes
    expect(r.summary.rcvWindowScale).toBe(3);
    const est = r.trace.estimate;
    const rw = Array.from(est.key).findIndex((k) => k === 1);
    expect(est.value[rw]).toBe(8);
    expect(r.summary.captureSide).toBe('client');
    expect(r.summary.rttMs.min).toBe(100);
  });

  it('calls a capture at the server side so (SYN-ACK right after the SYN, the ACK an RTT later)', () => {
    const hs = handshake();
    hs[1].tNs = 1e6;
    hs[2].tNs = 101e6;
    const r = rebuild([...hs, d(102, 0, 1000), a(103, 1000)]);
    expect(r.summary.captureSide).toBe('server');
    expect(r.summary.warnings.join(' ')).toMatch(/receiving end/);
  });

  it('finds a spurious retransmission by D-SACK (RFC 2883: a block below the cumulative ACK)', () => {
    const r = rebuild([
      ...handshake(),
      d(101, 0, 1000),
      d(101, 1000, 1000),
      d(102, 2000, 1000),
      a(201, 1000),
      d(250, 1000, 1000), // resent though nothing was lost
      a(251, 3000),
      a(350, 3000, { sack: [[ISN + 1 + 1000, ISN + 1 + 2000]] }), // D-SACK for the copy
    ]);
    expect(r.summary.retransmissions).toBe(1);
    expect(r.summary.spuriousRetransmissions).toBe(1);
  });

  it('finds a spurious retransmission by timestamps (Eifel: the ACK echoes the original’s TSval)', () => {
    const r = rebuild([
      ...handshake(true),
      d(101, 0, 1000, { ts: [100, 7] }),
      d(400, 0, 1000, { ts: [400, 7] }), // timeout-like resend
      a(401, 1000, { ts: [8, 100] }), // echoes 100: the original arrived
    ]);
    expect(r.summary.retransmissions).toBe(1);
    expect(r.summary.spuriousRetransmissions).toBe(1);
    expect(r.summary.timeouts).toBe(1);
  });

  it('starts a fast recovery after duplicate ACKs and ends it when the recovery point is ACKed', () => {
    const sends = [0, 1, 2, 3, 4].map((k) => d(101 + k, k * 1000, 1000));
    const r = rebuild([
      ...handshake(),
      ...sends,
      a(201, 1000),
      a(203, 1000),
      a(204, 1000),
      a(205, 1000),
      d(205.5, 1000, 1000),
      a(306, 5000),
    ]);
    expect(r.summary.duplicateAcks).toBe(3);
    expect(r.summary.fastRecoveries).toBe(1);
    expect(r.episodes).toEqual([{ kind: 'recovery', startNs: 104.5e6, endNs: 205e6, rttBeforeMs: 100, retransmissions: 1 }]);
    // CA states: open → disorder (first dup) → recovery → open
    expect(Array.from(r.trace.castate.to)).toEqual([1, 2, 0]);
  });

  it('counts SACKed bytes out of the pipe and a segment as lost once more than 2 MSS above it are SACKed', () => {
    const sends = [0, 1, 2, 3, 4].map((k) => d(101 + k, k * 1000, 1000));
    const blk = (l: number, r: number): [number, number] => [ISN + 1 + l, ISN + 1 + r];
    const r = rebuild([...handshake(), ...sends, a(201, 0, { sack: [blk(1000, 2000)] }), a(202, 0, { sack: [blk(1000, 3000)] }), a(203, 0, { sack: [blk(1000, 4000)] })]);
    const w = Array.from(r.trace.cwnd.cwndBytes);
    // 5000 outstanding; SACKed 1000 → 4000; SACKed 2000 → 3000; SACKed 3000: segment 0 has
    // 3000 > 2·1000 SACKed above it, so it is lost: 5000 − 3000 − 1000 = 1000
    expect(w.slice(-3)).toEqual([4000, 3000, 1000]);
  });

  it('reads a connection seen mid-way (no handshake), with a warning', () => {
    const r = rebuild([d(101, 0, 1000), d(102, 1000, 1000), a(201, 1000), a(202, 2000)]);
    expect(r.summary.handshakeSeen).toBe(false);
    expect(r.summary.bytesAcked).toBe(2000);
    expect(r.summary.warnings[0]).toMatch(/seen mid-way \(no SYN\)/);
  });
});

describe('connections', () => {
  it('separates interleaved connections and a new SYN on a reused 4-tuple, in order of first appearance', () => {
    const other = (p: TcpPacketSpec): TcpPacketSpec => ({ ...p, sport: p.sport === 33000 ? 33001 : p.sport, dport: p.dport === 33000 ? 33001 : p.dport });
    const first = [...handshake(), d(101, 0, 1000), a(201, 1000)];
    const second = [...handshake(), d(101, 0, 500), a(201, 500)].map(other).map((p) => ({ ...p, tNs: p.tNs + 5e6 }));
    const reuse = [...handshake(), d(101, 0, 700), a(201, 700)].map((p) => ({ ...p, tNs: p.tNs + 1e9, seq: p.src === C.src ? p.seq + 77777 : p.seq, ack: p.src === S.src ? p.ack + 77777 : p.ack }));
    const all = [...first, ...second].sort((x, y) => x.tNs - y.tNs).concat(reuse);
    const im = importCapture(writeCapture(all, { format: 'pcap-ns', link: 'ethernet' }));
    expect(im.connections.map((c) => [c.a, c.b, c.segments.length])).toEqual([
      ['192.0.2.1:33000', '192.0.2.2:80', 5],
      ['192.0.2.1:33001', '192.0.2.2:80', 5],
      ['192.0.2.1:33000', '192.0.2.2:80', 5],
    ]);
    expect(im.connections.map((c) => reconstruct(c.segments).summary.bytesAcked)).toEqual([1000, 500, 700]);
  });
});

describe('kernel samples', () => {
  it('reads the recipe’s columns, Linux’s infinite ssthresh as Infinity, and names bad rows', () => {
    const text = 't_s,snd_cwnd,snd_ssthresh,rtt_us\n0.01,10,2147483647,101113\n0.02,x,5,1\n0.005,12,7,1\n0.03,12,7,100\n';
    const k = readKernelSamples(text);
    expect(k.rows).toBe(2);
    expect(Array.from(k.columns.snd_ssthresh)).toEqual([Infinity, 7]);
    expect(Number.isNaN(k.columns.bytes_acked[0])).toBe(true);
    expect(k.problems[0]).toBe('line 3: snd_cwnd is "x", not a number: row skipped');
    expect(k.problems[1]).toMatch(/^line 4: t_s is 0.005; times must be numbers that never decrease/);
  });
  it('rejects a file without the required columns', () => {
    const k = readKernelSamples('time,cwnd\n1,2\n');
    expect(k.rows).toBe(0);
    expect(k.problems[0]).toMatch(/lacks t_s and snd_cwnd/);
  });
  it('streams: a line split across chunks reads the same', () => {
    const r = new KernelSampleReader();
    for (const part of ['t_s,snd', '_cwnd\n0.', '5,1', '0\n1,2']) r.push(part);
    expect(Array.from(r.end().columns.snd_cwnd)).toEqual([10, 2]);
  });
});
