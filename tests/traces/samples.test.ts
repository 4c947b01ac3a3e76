/**
 * The shipped real captures (Linux CUBIC, BBR at 1 % loss, Reno on the reference-2mbps recipe):
 * the reconstruction against an independent reading of the same bytes written here in a few
 * lines, and against what the kernel itself reported (its final tcp_info and 10 ms samples).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCapture } from '../../src/traces/import.ts';
import { readKernelSamples } from '../../src/traces/kernel-samples.ts';
import { reconstruct } from '../../src/traces/reconstruct.ts';
import { inetChecksum } from './pcap-writer.ts';

const DIR = new URL('../../public/samples/', import.meta.url);
const SAMPLES = ['linux-cubic', 'linux-bbr-per1', 'linux-reno'] as const;
const bytesOf = (name: string) => new Uint8Array(readFileSync(new URL(name, DIR)));

/**
 * Independent reading: Ethernet + IPv4 + TCP at fixed offsets (what these files hold), relative
 * sequence numbers from the SYN, stopping at the first reset. Retransmission = data starting
 * below the highest byte sent; bytes acknowledged = highest ACK − ISN − 1; minimum RTT = ACKs
 * that end exactly at a segment sent once.
 */
function independent(bytes: Uint8Array) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let off = 24;
  let isn = -1;
  let sender = '';
  let maxEnd = 0;
  let retrans = 0;
  let data = 0;
  let highAck = 0;
  let badIpChecksums = 0;
  const sentOnce = new Map<number, number>(); // end → send time (µs), -1 once retransmitted
  let minRttUs = Infinity;
  while (off + 16 <= bytes.length) {
    const tUs = dv.getUint32(off, true) * 1e6 + dv.getUint32(off + 4, true);
    const cap = dv.getUint32(off + 8, true);
    const p = off + 16;
    off = p + cap;
    const ip = p + 14;
    if (inetChecksum(bytes.subarray(ip, ip + 20)) !== 0) badIpChecksums++;
    const ipLen = dv.getUint16(ip + 2);
    const tcp = ip + (bytes[ip] & 15) * 4;
    const src = `${dv.getUint32(ip + 12)}:${dv.getUint16(tcp)}`;
    const flags = bytes[tcp + 13];
    if (flags & 4) break;
    const payload = ipLen - (tcp - ip) - (bytes[tcp + 12] >> 4) * 4;
    if (flags & 2 && !(flags & 0x10)) {
      isn = dv.getUint32(tcp + 4);
      sender = src;
      continue;
    }
    if (src === sender) {
      if (payload === 0) continue;
      const start = (dv.getUint32(tcp + 4) - isn - 1) >>> 0; // < 2^32 bytes in these files
      const end = start + payload;
      data++;
      if (start < maxEnd) {
        retrans++;
        sentOnce.set(end, -1);
      } else sentOnce.set(end, tUs);
      maxEnd = Math.max(maxEnd, end);
    } else if (flags & 0x10 && !(flags & 2)) {
      const ack = (dv.getUint32(tcp + 8) - isn - 1) >>> 0;
      if (ack > highAck) {
        const sentAt = sentOnce.get(ack);
        if (sentAt !== undefined && sentAt >= 0) minRttUs = Math.min(minRttUs, tUs - sentAt);
        highAck = ack;
      }
    }
  }
  return { data, retrans, bytesAcked: highAck, minRttMs: minRttUs / 1000, badIpChecksums };
}

describe.each(SAMPLES)('%s', (name) => {
  const bytes = bytesOf(`${name}.pcap`);
  const im = importCapture(bytes);
  const r = reconstruct(im.connections[0].segments);
  const meta = JSON.parse(readFileSync(new URL(`${name}.meta.json`, DIR), 'utf8'));
  const mine = independent(bytes);

  it('reads every packet as one TCP connection with its handshake, taken at the sender', () => {
    expect(im.report.format).toBe('pcap');
    expect(im.messages).toEqual([]);
    expect(im.connections).toHaveLength(1);
    expect(r.summary.handshakeSeen).toBe(true);
    expect(r.summary.captureSide).toBe('client');
    expect(r.summary.dataSender).toBe('client');
    expect(r.summary.server.endsWith(':5001')).toBe(true);
    // the recipe: MTU 1052, timestamps (12 bytes of options on data) ⇒ 1000-byte segments, SACK on
    expect(r.summary.mssBytes).toBe(1000);
    expect(r.summary.dataHeaderBytes).toBe(52);
    expect(r.summary.sackPermitted).toBe(true);
    expect(r.summary.timestamps).toBe(true);
    // Linux's initial window (RFC 6928)
    expect(r.summary.initialWindowSegments).toBe(10);
    // the kernel filled in real IPv4 header checksums (offloads off in the recipe)
    expect(mine.badIpChecksums).toBe(0);
  });

  it('counts data packets, retransmissions, bytes acknowledged and minimum RTT as the independent reading does', () => {
    expect(r.summary.dataPackets).toBe(mine.data);
    expect(r.summary.retransmissions).toBe(mine.retrans);
    expect(r.summary.bytesAcked).toBe(mine.bytesAcked);
    expect(r.summary.rttMs.min).toBeCloseTo(mine.minRttMs, 6);
  });

  it('agrees with the kernel’s own final tcp_info: retransmissions, bytes sent and acknowledged', () => {
    const fin = meta.final_info;
    expect(r.summary.retransmissions).toBe(fin.total_retrans);
    expect(r.summary.dataPackets * 1000).toBe(fin.bytes_sent);
    // tcpi_bytes_acked counts the SYN's sequence number too
    expect(r.summary.bytesAcked).toBe(fin.bytes_acked - 1);
    expect(r.summary.timeouts).toBe(fin.total_rto);
  });

  it('has the kernel’s packets in flight within the capture’s estimate over ± one sampling interval', () => {
    const k = readKernelSamples(readFileSync(new URL(`${name}.tcpinfo.csv`, DIR), 'utf8'));
    expect(k.problems).toEqual([]);
    expect(k.rows).toBe(2000);
    const mss = 1000;
    const { tNs, cwndBytes } = r.trace.cwnd;
    // the samples count from connect() returning: the client's ACK of the SYN-ACK
    const offNs = (r.handshakeDoneNs as number) - r.t0Ns;
    const flightAt = (x: number): number => {
      let lo = 0;
      let hi = tNs.length - 1;
      let ans = -1;
      while (lo <= hi) {
        const m = (lo + hi) >> 1;
        if (tNs[m] <= x) {
          ans = m;
          lo = m + 1;
        } else hi = m - 1;
      }
      return ans < 0 ? 0 : cwndBytes[ans] / mss;
    };
    const intervalNs = 10e6;
    let cwndOutside = 0;
    for (let i = 0; i < k.rows; i++) {
      const t = k.columns.t_s[i] * 1e9 + offNs;
      let lo = Infinity;
      let hi = -Infinity;
      for (const x of [t - intervalNs, ...tNs.filter((v) => v > t - intervalNs && v <= t + intervalNs)]) {
        const v = flightAt(x);
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      const c = k.columns;
      // Linux's packets_in_flight
      const inFlight = c.unacked[i] - c.sacked[i] - c.lost[i] + c.retrans[i];
      // RFC 6675's IsLost keeps up to DupThresh − 1 = 2 segments below the highest SACK in the
      // pipe that Linux (RACK) may already have marked lost.
      expect(inFlight, `sample ${i} at ${c.t_s[i]} s`).toBeGreaterThanOrEqual(lo - 2);
      expect(inFlight, `sample ${i} at ${c.t_s[i]} s`).toBeLessThanOrEqual(hi);
      if (c.snd_cwnd[i] < lo - 2 || c.snd_cwnd[i] > hi + 1) cwndOutside++;
    }
    // Loss-based senders are window-limited: cwnd is what is in flight (within the IsLost margin
    // in recovery, one segment when the sender briefly had nothing to send). BBR paces instead
    // and keeps cwnd at about twice the BDP, so only its pipe is compared.
    if (name !== 'linux-bbr-per1') expect(cwndOutside).toBe(0);
  });
});
