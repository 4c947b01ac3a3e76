/**
 * Test-side capture writer: real IPv4/IPv6 and TCP headers with computed checksums (RFC 1071
 * one's-complement sums, TCP over the RFC 9293 §3.1 / RFC 8200 §8.1 pseudo-header), wrapped in
 * Ethernet, SLL, SLL2 or raw IP, written as pcap (µs or ns, either byte order) or pcapng. Written
 * separately from the readers so a shared misreading cannot make both agree.
 */

export interface TcpPacketSpec {
  tNs: number;
  src: string;
  dst: string;
  sport: number;
  dport: number;
  seq: number;
  ack: number;
  flags: number;
  window: number;
  payloadLen: number;
  mss?: number;
  wscale?: number;
  sackOk?: boolean;
  sack?: Array<[number, number]>;
  ts?: [number, number];
}

export type LinkKind = 'ethernet' | 'sll' | 'sll2' | 'raw';
export const LINKTYPE: Record<LinkKind, number> = { ethernet: 1, sll: 113, sll2: 276, raw: 101 };

/** RFC 1071 checksum of `bytes` (plus an initial sum), as the 16-bit value to store. */
export function inetChecksum(bytes: Uint8Array, initial = 0): number {
  let sum = initial;
  for (let i = 0; i + 1 < bytes.length; i += 2) sum += (bytes[i] << 8) | bytes[i + 1];
  if (bytes.length % 2) sum += bytes[bytes.length - 1] << 8;
  while (sum > 0xffff) sum = (sum & 0xffff) + (sum >>> 16);
  return ~sum & 0xffff;
}

function ipBytes(a: string): number[] {
  if (!a.includes(':')) return a.split('.').map(Number);
  const [head, tail] = a.includes('::') ? a.split('::') : [a, ''];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g, 16));
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

function tcpOptions(p: TcpPacketSpec): number[] {
  const o: number[] = [];
  if (p.mss !== undefined) o.push(2, 4, p.mss >> 8, p.mss & 0xff);
  if (p.sackOk) o.push(4, 2);
  if (p.ts) {
    o.push(1, 1, 8, 10);
    for (const v of p.ts) o.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  }
  if (p.wscale !== undefined) o.push(1, 3, 3, p.wscale);
  if (p.sack && p.sack.length > 0) {
    o.push(1, 1, 5, 2 + 8 * p.sack.length);
    for (const [l, r] of p.sack) for (const v of [l, r]) o.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  }
  while (o.length % 4) o.push(0);
  return o;
}

/** The whole IP packet (header + TCP header + zero payload), checksums filled in. */
export function ipPacket(p: TcpPacketSpec): Uint8Array {
  const opts = tcpOptions(p);
  const tcpLen = 20 + opts.length + p.payloadLen;
  const tcp = new Uint8Array(tcpLen);
  const dv = new DataView(tcp.buffer);
  dv.setUint16(0, p.sport);
  dv.setUint16(2, p.dport);
  dv.setUint32(4, p.seq >>> 0);
  dv.setUint32(8, p.ack >>> 0);
  tcp[12] = ((20 + opts.length) / 4) << 4;
  tcp[13] = p.flags;
  dv.setUint16(14, p.window);
  tcp.set(opts, 20);
  const src = ipBytes(p.src);
  const dst = ipBytes(p.dst);
  const v6 = src.length === 16;
  // Pseudo-header sum.
  let pseudo = 0;
  for (const x of [src, dst]) for (let i = 0; i < x.length; i += 2) pseudo += (x[i] << 8) | x[i + 1];
  pseudo += 6 + (v6 ? (tcpLen >>> 16) + (tcpLen & 0xffff) : tcpLen);
  dv.setUint16(16, inetChecksum(tcp, pseudo));
  let ip: Uint8Array;
  if (v6) {
    ip = new Uint8Array(40 + tcpLen);
    const d = new DataView(ip.buffer);
    ip[0] = 0x60;
    d.setUint16(4, tcpLen);
    ip[6] = 6;
    ip[7] = 64;
    ip.set(src, 8);
    ip.set(dst, 24);
    ip.set(tcp, 40);
  } else {
    ip = new Uint8Array(20 + tcpLen);
    const d = new DataView(ip.buffer);
    ip[0] = 0x45;
    d.setUint16(2, 20 + tcpLen);
    d.setUint16(6, 0x4000); // don't fragment
    ip[8] = 64;
    ip[9] = 6;
    ip.set(src, 12);
    ip.set(dst, 16);
    d.setUint16(10, inetChecksum(ip.subarray(0, 20)));
    ip.set(tcp, 20);
  }
  return ip;
}

export function frame(link: LinkKind, ip: Uint8Array): Uint8Array {
  const v6 = ip[0] >> 4 === 6;
  const etherType = v6 ? 0x86dd : 0x0800;
  let head: number[];
  if (link === 'ethernet') head = [2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, etherType >> 8, etherType & 0xff];
  else if (link === 'sll') head = [0, 4, 0, 1, 0, 6, 2, 0, 0, 0, 0, 1, 0, 0, etherType >> 8, etherType & 0xff];
  else if (link === 'sll2') head = [etherType >> 8, etherType & 0xff, 0, 0, 0, 0, 0, 2, 0, 1, 4, 6, 2, 0, 0, 0, 0, 1, 0, 0];
  else head = [];
  const out = new Uint8Array(head.length + ip.length);
  out.set(head);
  out.set(ip, head.length);
  return out;
}

export interface WriteOptions {
  format: 'pcap' | 'pcap-ns' | 'pcapng';
  link: LinkKind;
  bigEndian?: boolean;
  snapLen?: number;
  /** Unix seconds added to every packet's time. */
  epochS?: number;
  /** pcapng: timestamp resolution as if_tsresol (6 = µs, 9 = ns). */
  tsresol?: number;
}

export function writeCapture(packets: TcpPacketSpec[], o: WriteOptions): Uint8Array {
  const parts: Uint8Array[] = [];
  const le = !o.bigEndian;
  const snap = o.snapLen ?? 65535;
  const epoch = BigInt(o.epochS ?? 1_700_000_000);
  const block = (n: number): [Uint8Array, DataView] => {
    const b = new Uint8Array(n);
    return [b, new DataView(b.buffer)];
  };
  if (o.format === 'pcapng') {
    const [shb, s] = block(28);
    s.setUint32(0, 0x0a0d0d0a, le);
    s.setUint32(4, 28, le);
    s.setUint32(8, 0x1a2b3c4d, le);
    s.setUint16(12, 1, le);
    s.setBigInt64(16, -1n, le);
    s.setUint32(24, 28, le);
    parts.push(shb);
    const res = o.tsresol ?? 6;
    const [idb, d] = block(32);
    d.setUint32(0, 1, le);
    d.setUint32(4, 32, le);
    d.setUint16(8, LINKTYPE[o.link], le);
    d.setUint32(12, snap, le);
    d.setUint16(16, 9, le); // if_tsresol
    d.setUint16(18, 1, le);
    idb[20] = res;
    d.setUint16(24, 0, le); // opt_endofopt
    d.setUint32(28, 32, le);
    parts.push(idb);
    const units = 10n ** BigInt(res);
    for (const p of packets) {
      const data = frame(o.link, ipPacket(p));
      const cap = Math.min(snap, data.length);
      const padded = (cap + 3) & ~3;
      const total = 32 + padded;
      const [epb, e] = block(total);
      const ts = epoch * units + (BigInt(Math.round(p.tNs)) * units) / 1_000_000_000n;
      e.setUint32(0, 6, le);
      e.setUint32(4, total, le);
      e.setUint32(8, 0, le);
      e.setUint32(12, Number(ts >> 32n), le);
      e.setUint32(16, Number(ts & 0xffffffffn), le);
      e.setUint32(20, cap, le);
      e.setUint32(24, data.length, le);
      epb.set(data.subarray(0, cap), 28);
      e.setUint32(total - 4, total, le);
      parts.push(epb);
    }
  } else {
    const ns = o.format === 'pcap-ns';
    const [gh, g] = block(24);
    g.setUint32(0, ns ? 0xa1b23c4d : 0xa1b2c3d4, le);
    g.setUint16(4, 2, le);
    g.setUint16(6, 4, le);
    g.setUint32(16, snap, le);
    g.setUint32(20, LINKTYPE[o.link], le);
    parts.push(gh);
    for (const p of packets) {
      const data = frame(o.link, ipPacket(p));
      const cap = Math.min(snap, data.length);
      const [rec, r] = block(16 + cap);
      const t = Math.round(p.tNs);
      r.setUint32(0, Number(epoch) + Math.floor(t / 1e9), le);
      r.setUint32(4, ns ? t % 1e9 : Math.floor((t % 1e9) / 1000), le);
      r.setUint32(8, cap, le);
      r.setUint32(12, data.length, le);
      rec.set(data.subarray(0, cap), 16);
      parts.push(rec);
    }
  }
  const total = parts.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
