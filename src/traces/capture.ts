/**
 * Streaming reader of packet captures: classic pcap (microsecond and nanosecond timestamps,
 * either byte order) and pcapng (sections of either byte order, several interfaces, each with its
 * own link type and timestamp resolution). Bytes arrive in chunks of any size (`push`); a record
 * is handed to `onPacket` as soon as it is complete and only the unfinished tail of a chunk is kept,
 * so a file is never held in memory as a whole, let alone twice. No DOM, no Node: the browser feeds
 * it from `Blob.stream()`, the CLI from a file stream.
 *
 * Times: a capture's clock is wall-clock seconds since 1970, which a double cannot hold in
 * nanoseconds (≈ 1.7e18 > 2^53). Packets therefore carry `tNs` relative to the first packet's whole
 * second (`baseS`), exact to the nanosecond for captures shorter than ~104 days.
 */

export interface CapturePacket {
  /** Nanoseconds since `baseS` (the first packet's whole second). */
  tNs: number;
  /** LINKTYPE_* of the interface the packet was captured on. */
  linkType: number;
  /** The captured bytes (a view valid only during the callback: copy what you keep). */
  data: Uint8Array;
  /** Length of the packet on the wire; more than `data.length` when the capture snapped it. */
  origLen: number;
  /** 0-based number of the packet in the file. */
  index: number;
}

export type CaptureFormat = 'pcap' | 'pcap-ns' | 'pcapng';

/** What the reader met; `problems` are sentences naming what was wrong and where. */
export interface CaptureReport {
  format: CaptureFormat | null;
  /** Whole seconds (Unix time) the packets' tNs count from; null before the first packet. */
  baseS: number | null;
  packets: number;
  bytesRead: number;
  /** Packets the capture shortened (snap length): their headers may be all that is left. */
  snappedPackets: number;
  problems: string[];
  /** True if the reader stopped before the end (bad file or a cap); what was read before stays usable. */
  stopped: boolean;
}

export interface CaptureLimits {
  /** Stop (with a message) after this many packets. */
  maxPackets?: number;
  /** Largest record accepted, bytes: a larger length field means a corrupt file (pcap's own limit is 256 KiB). */
  maxRecordBytes?: number;
}

const PCAP_US = 0xa1b2c3d4;
const PCAP_NS = 0xa1b23c4d;
const PCAPNG_SHB = 0x0a0d0d0a;
const BYTE_ORDER_MAGIC = 0x1a2b3c4d;
/** About 200 bytes of memory per kept packet: 2 million is ~0.4 GB, as much as a browser tab should take. */
export const DEFAULT_MAX_PACKETS = 2_000_000;
const DEFAULT_MAX_RECORD = 256 * 1024;

interface Iface {
  linkType: number;
  /** Timestamp units per second (pcapng if_tsresol; 10^6 by default). */
  unitsPerS: bigint;
}

export class CaptureReader {
  private buf: Uint8Array = new Uint8Array(0);
  private len = 0;
  private offset = 0; // file offset of buf[0]
  private le = true;
  private linkType = -1; // classic pcap's one link type
  private ifaces: Iface[] = [];
  private sawFirst = false;
  private done = false;
  readonly report: CaptureReport = { format: null, baseS: null, packets: 0, bytesRead: 0, snappedPackets: 0, problems: [], stopped: false };
  private readonly maxPackets: number;
  private readonly maxRecord: number;

  constructor(
    private readonly onPacket: (p: CapturePacket) => void,
    limits: CaptureLimits = {},
  ) {
    this.maxPackets = limits.maxPackets ?? DEFAULT_MAX_PACKETS;
    this.maxRecord = limits.maxRecordBytes ?? DEFAULT_MAX_RECORD;
  }

  /** True once the reader has stopped taking bytes (bad file, cap reached). */
  get stopped(): boolean {
    return this.done;
  }

  /** Feeds the next bytes of the file. */
  push(chunk: Uint8Array): void {
    if (this.done) return;
    this.report.bytesRead += chunk.length;
    // Append to the unfinished tail (only ever one record long).
    if (this.len === 0) {
      this.buf = chunk;
      this.len = chunk.length;
    } else {
      const joined = new Uint8Array(this.len + chunk.length);
      joined.set(this.buf.subarray(0, this.len));
      joined.set(chunk, this.len);
      this.buf = joined;
      this.len = joined.length;
    }
    let pos = 0;
    while (!this.done) {
      const used = this.step(pos);
      if (used === 0) break;
      pos += used;
    }
    // Keep only the unconsumed tail, as a copy so the caller's chunk can be let go.
    const rest = this.len - pos;
    this.offset += pos;
    this.buf = rest > 0 ? this.buf.slice(pos, this.len) : new Uint8Array(0);
    this.len = rest;
  }

  /** The file has ended: reports a truncated last record. */
  end(): CaptureReport {
    if (!this.done) {
      if (this.report.format === null) this.problem(this.report.bytesRead === 0 ? 'the file is empty' : `the file is too short to be a capture (${this.report.bytesRead} bytes)`);
      else if (this.len > 0) this.problem(`the file ends in the middle of a record at byte ${this.offset} (${this.len} bytes left over): it was truncated; the ${this.report.packets} packets before it are kept`);
    }
    this.done = true;
    return this.report;
  }

  private problem(msg: string, stop = false): void {
    if (this.report.problems.length < 20) this.report.problems.push(msg);
    else if (this.report.problems.length === 20) this.report.problems.push('… further problems not listed');
    if (stop) {
      this.report.stopped = true;
      this.done = true;
    }
  }

  private u32(at: number, le = this.le): number {
    const b = this.buf;
    return le ? (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0 : ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
  }
  private u16(at: number): number {
    const b = this.buf;
    return this.le ? b[at] | (b[at + 1] << 8) : (b[at] << 8) | b[at + 1];
  }

  /** Consumes one header or record starting at `pos`; 0 = needs more bytes. */
  private step(pos: number): number {
    const avail = this.len - pos;
    if (this.report.format === null) return this.fileHeader(pos, avail);
    if (this.report.format === 'pcapng') return this.block(pos, avail);
    return this.pcapRecord(pos, avail);
  }

  private fileHeader(pos: number, avail: number): number {
    if (avail < 4) return 0;
    const magicLe = this.u32(pos, true);
    const magicBe = this.u32(pos, false);
    if (magicLe === PCAPNG_SHB) {
      this.report.format = 'pcapng';
      return 0 + this.block(pos, avail);
    }
    let format: CaptureFormat | null = null;
    if (magicLe === PCAP_US || magicBe === PCAP_US) format = 'pcap';
    else if (magicLe === PCAP_NS || magicBe === PCAP_NS) format = 'pcap-ns';
    if (format === null) {
      const hex = Array.from(this.buf.subarray(pos, pos + 4), (x) => x.toString(16).padStart(2, '0')).join(' ');
      this.problem(`not a packet capture: the file starts with ${hex}, not a pcap (a1 b2 c3 d4, a1 b2 3c 4d or swapped) or pcapng (0a 0d 0d 0a) magic number`, true);
      return 0;
    }
    if (avail < 24) return 0;
    this.le = magicLe === PCAP_US || magicLe === PCAP_NS;
    this.report.format = format;
    this.linkType = this.u32(pos + 20) & 0x0fffffff;
    return 24;
  }

  private pcapRecord(pos: number, avail: number): number {
    if (avail < 16) return 0;
    const sec = this.u32(pos);
    const frac = this.u32(pos + 4);
    const capLen = this.u32(pos + 8);
    const origLen = this.u32(pos + 12);
    if (capLen > this.maxRecord) {
      this.problem(`packet ${this.report.packets + 1} at byte ${this.offset + pos} claims ${capLen} captured bytes (the most a record may hold is ${this.maxRecord}): the file is corrupt from here; the ${this.report.packets} packets before it are kept`, true);
      return 0;
    }
    if (avail < 16 + capLen) return 0;
    const fracNs = this.report.format === 'pcap-ns' ? frac : frac * 1000;
    if (fracNs >= 1e9) {
      this.problem(`packet ${this.report.packets + 1} at byte ${this.offset + pos} has a sub-second time of ${frac} (out of range): the file is corrupt from here; the ${this.report.packets} packets before it are kept`, true);
      return 0;
    }
    this.emit(sec, fracNs, this.linkType, pos + 16, capLen, origLen);
    return 16 + capLen;
  }

  private block(pos: number, avail: number): number {
    if (avail < 12) return 0;
    const typeLe = this.u32(pos, true);
    if (typeLe === PCAPNG_SHB) {
      // A section header sets the byte order of everything up to the next one.
      const bom = this.u32(pos + 8, true);
      if (bom === BYTE_ORDER_MAGIC) this.le = true;
      else if (this.u32(pos + 8, false) === BYTE_ORDER_MAGIC) this.le = false;
      else {
        this.problem(`pcapng section header at byte ${this.offset + pos} has no valid byte-order magic: the file is corrupt from here`, true);
        return 0;
      }
      this.ifaces = [];
    }
    const type = this.u32(pos);
    const total = this.u32(pos + 4);
    if (total < 12 || total % 4 !== 0 || total > this.maxRecord + 64) {
      this.problem(`pcapng block at byte ${this.offset + pos} has an impossible length ${total} (allowed: a multiple of 4 from 12 to ${this.maxRecord + 64}): the file is corrupt from here; the ${this.report.packets} packets before it are kept`, true);
      return 0;
    }
    if (avail < total) return 0;
    if (this.u32(pos + total - 4) !== total) {
      this.problem(`pcapng block at byte ${this.offset + pos} does not end with its length repeated: the file is corrupt from here; the ${this.report.packets} packets before it are kept`, true);
      return 0;
    }
    const body = pos + 8;
    const bodyLen = total - 12;
    if (type === 1) this.interfaceBlock(body, bodyLen);
    else if (type === 6 && bodyLen >= 20) {
      const id = this.u32(body);
      const capLen = this.u32(body + 12);
      const origLen = this.u32(body + 16);
      this.enhanced(id, this.u32(body + 4), this.u32(body + 8), body + 20, Math.min(capLen, bodyLen - 20), origLen, pos);
    } else if (type === 3 && bodyLen >= 4) {
      // Simple packet block: no time; interface 0.
      const origLen = this.u32(body);
      const iface = this.ifaces[0];
      if (iface) this.emit(0, 0, iface.linkType, body + 4, Math.min(origLen, bodyLen - 4), origLen);
    } else if (type === 2 && bodyLen >= 20) {
      // Obsolete packet block: 16-bit interface id, 16-bit drops count.
      const id = this.u16(body);
      this.enhanced(id, this.u32(body + 4), this.u32(body + 8), body + 20, Math.min(this.u32(body + 12), bodyLen - 20), this.u32(body + 16), pos);
    }
    return total;
  }

  private interfaceBlock(body: number, bodyLen: number): void {
    if (bodyLen < 8) return;
    const linkType = this.u16(body);
    let unitsPerS = 1_000_000n;
    // Options: code, length, value padded to 4.
    let o = body + 8;
    const end = body + bodyLen;
    while (o + 4 <= end) {
      const code = this.u16(o);
      const olen = this.u16(o + 2);
      if (code === 0) break;
      if (code === 9 && olen >= 1 && o + 4 < end) {
        const r = this.buf[o + 4];
        unitsPerS = r & 0x80 ? 1n << BigInt(r & 0x7f) : 10n ** BigInt(r & 0x7f);
      }
      o += 4 + ((olen + 3) & ~3);
    }
    this.ifaces.push({ linkType, unitsPerS });
  }

  private enhanced(id: number, hi: number, lo: number, at: number, capLen: number, origLen: number, pos: number): void {
    const iface = this.ifaces[id];
    if (!iface) {
      this.problem(`packet block at byte ${this.offset + pos} names interface ${id}, which no interface block described: skipped`);
      return;
    }
    const units = (BigInt(hi) << 32n) | BigInt(lo);
    const sec = units / iface.unitsPerS;
    const fracNs = ((units % iface.unitsPerS) * 1_000_000_000n) / iface.unitsPerS;
    this.emit(Number(sec), Number(fracNs), iface.linkType, at, capLen, origLen);
  }

  private emit(sec: number, fracNs: number, linkType: number, at: number, capLen: number, origLen: number): void {
    if (this.report.packets >= this.maxPackets) {
      this.problem(`the capture has more than ${this.maxPackets} packets: reading stopped there (the first ${this.maxPackets} are kept)`, true);
      return;
    }
    if (!this.sawFirst) {
      this.sawFirst = true;
      this.report.baseS = sec;
    }
    const base = this.report.baseS as number;
    if (capLen < origLen) this.report.snappedPackets++;
    this.onPacket({ tNs: (sec - base) * 1e9 + fracNs, linkType, data: this.buf.subarray(at, at + capLen), origLen, index: this.report.packets });
    this.report.packets++;
  }
}

/** Reads a whole in-memory capture (tests, small files). */
export function readCapture(bytes: Uint8Array, onPacket: (p: CapturePacket) => void, limits?: CaptureLimits): CaptureReport {
  const r = new CaptureReader(onPacket, limits);
  r.push(bytes);
  return r.end();
}
