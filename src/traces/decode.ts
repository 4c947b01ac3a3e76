/**
 * Link layer → IP → TCP header decoding for one captured packet. Link types: Ethernet (1, with
 * 802.1Q/802.1ad tags), raw IP (101, 228 IPv4, 229 IPv6, and the BSD DLT_RAW values 12 and 14),
 * Linux cooked captures SLL (113) and SLL2 (276). IPv4 and IPv6 (skipping the extension headers
 * a TCP packet may carry). TCP options: MSS, window scale, SACK-permitted, SACK blocks,
 * timestamps (RFC 9293, 7323, 2018). Payload length comes from the IP length fields, so packets
 * snapped to their headers still count their data.
 */

export interface TcpOptions {
  mss: number | null;
  wscale: number | null;
  sackPermitted: boolean;
  /** SACK blocks as [left, right) sequence numbers, in the order sent. */
  sack: Array<[number, number]>;
  tsVal: number | null;
  tsEcr: number | null;
}

export interface TcpSegment {
  tNs: number;
  /** Packet number in the file (0-based). */
  index: number;
  src: string;
  dst: string;
  sport: number;
  dport: number;
  seq: number;
  ack: number;
  flags: number;
  /** Raw window field (scale it by the sender's window scale). */
  window: number;
  /** TCP payload bytes on the wire (from the IP length). */
  payloadLen: number;
  /** IP header (with extension headers) + TCP header (with options), bytes. */
  headerLen: number;
  options: TcpOptions;
}

export const FIN = 0x01;
export const SYN = 0x02;
export const RST = 0x04;
export const ACK = 0x10;

/** Why a packet was not a TCP segment (counted per reason by the caller). */
export type SkipReason = 'link-type' | 'not-ip' | 'not-tcp' | 'truncated-header' | 'fragment' | 'bad-header';

const ETH_IPV4 = 0x0800;
const ETH_IPV6 = 0x86dd;

function u16(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1];
}
function u32(b: Uint8Array, at: number): number {
  return ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
}

function ipv4Text(b: Uint8Array, at: number): string {
  return `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
}

function ipv6Text(b: Uint8Array, at: number): string {
  const parts: string[] = [];
  for (let i = 0; i < 16; i += 2) parts.push(u16(b, at + i).toString(16));
  // Compress the longest run of zero groups (RFC 5952), if two or more.
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && parts[j] === '0') j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j === i ? i + 1 : j;
  }
  if (best < 0) return parts.join(':');
  return `${parts.slice(0, best).join(':')}::${parts.slice(best + bestLen).join(':')}`;
}

/** Offset of the IP header and its version (4 or 6), or a reason the packet is not IP. */
function ipStart(linkType: number, b: Uint8Array): { at: number; version: number } | SkipReason {
  let at: number;
  let etherType: number | null = null;
  switch (linkType) {
    case 1: {
      if (b.length < 14) return 'truncated-header';
      at = 12;
      etherType = u16(b, at);
      at += 2;
      while (etherType === 0x8100 || etherType === 0x88a8) {
        if (b.length < at + 4) return 'truncated-header';
        etherType = u16(b, at + 2);
        at += 4;
      }
      break;
    }
    case 113: // SLL: 16-byte header, protocol in the last two bytes
      if (b.length < 16) return 'truncated-header';
      etherType = u16(b, 14);
      at = 16;
      break;
    case 276: // SLL2: 20-byte header, protocol first
      if (b.length < 20) return 'truncated-header';
      etherType = u16(b, 0);
      at = 20;
      break;
    case 12:
    case 14:
    case 101:
    case 228:
    case 229:
      at = 0;
      break;
    default:
      return 'link-type';
  }
  if (etherType !== null && etherType !== ETH_IPV4 && etherType !== ETH_IPV6) return 'not-ip';
  if (b.length < at + 1) return 'truncated-header';
  const version = b[at] >> 4;
  if (version !== 4 && version !== 6) return 'not-ip';
  if (linkType === 228 && version !== 4) return 'bad-header';
  if (linkType === 229 && version !== 6) return 'bad-header';
  return { at, version };
}

/** Decodes a captured packet; a string says why it is not a usable TCP segment. */
export function decodeTcp(linkType: number, b: Uint8Array, tNs: number, index: number): TcpSegment | SkipReason {
  const ip = ipStart(linkType, b);
  if (typeof ip === 'string') return ip;
  let at = ip.at;
  const ipAt = ip.at;
  let src: string;
  let dst: string;
  let tcpLen: number; // TCP header + payload, from the IP lengths
  if (ip.version === 4) {
    if (b.length < at + 20) return 'truncated-header';
    const ihl = (b[at] & 0x0f) * 4;
    const total = u16(b, at + 2);
    if (ihl < 20 || total < ihl) return 'bad-header';
    if (b[at + 9] !== 6) return 'not-tcp';
    if ((u16(b, at + 6) & 0x1fff) !== 0) return 'fragment';
    src = ipv4Text(b, at + 12);
    dst = ipv4Text(b, at + 16);
    tcpLen = total - ihl;
    at += ihl;
  } else {
    if (b.length < at + 40) return 'truncated-header';
    let next = b[at + 6];
    tcpLen = u16(b, at + 4);
    src = ipv6Text(b, at + 8);
    dst = ipv6Text(b, at + 24);
    at += 40;
    // Hop-by-hop, routing, destination options: skip; a fragment header: not reassembled.
    for (let hops = 0; next !== 6; hops++) {
      if (hops > 8) return 'bad-header';
      if (next === 44) return 'fragment';
      if (next !== 0 && next !== 43 && next !== 60) return 'not-tcp';
      if (b.length < at + 2) return 'truncated-header';
      const extLen = (b[at + 1] + 1) * 8;
      next = b[at];
      at += extLen;
      tcpLen -= extLen;
    }
  }
  if (b.length < at + 20) return 'truncated-header';
  const dataOff = (b[at + 12] >> 4) * 4;
  if (dataOff < 20 || tcpLen < dataOff) return 'bad-header';
  if (b.length < at + dataOff) return 'truncated-header';
  return {
    tNs,
    index,
    src,
    dst,
    sport: u16(b, at),
    dport: u16(b, at + 2),
    seq: u32(b, at + 4),
    ack: u32(b, at + 8),
    flags: b[at + 13],
    window: u16(b, at + 14),
    payloadLen: tcpLen - dataOff,
    headerLen: at - ipAt + dataOff,
    options: tcpOptions(b, at + 20, at + dataOff),
  };
}

function tcpOptions(b: Uint8Array, from: number, to: number): TcpOptions {
  const o: TcpOptions = { mss: null, wscale: null, sackPermitted: false, sack: [], tsVal: null, tsEcr: null };
  let i = from;
  while (i < to) {
    const kind = b[i];
    if (kind === 0) break;
    if (kind === 1) {
      i++;
      continue;
    }
    if (i + 1 >= to) break;
    const len = b[i + 1];
    if (len < 2 || i + len > to) break; // malformed: keep what was read
    if (kind === 2 && len === 4) o.mss = u16(b, i + 2);
    else if (kind === 3 && len === 3) o.wscale = Math.min(b[i + 2], 14);
    else if (kind === 4 && len === 2) o.sackPermitted = true;
    else if (kind === 5 && (len - 2) % 8 === 0) for (let k = i + 2; k < i + len; k += 8) o.sack.push([u32(b, k), u32(b, k + 4)]);
    else if (kind === 8 && len === 10) {
      o.tsVal = u32(b, i + 2);
      o.tsEcr = u32(b, i + 6);
    }
    i += len;
  }
  return o;
}
