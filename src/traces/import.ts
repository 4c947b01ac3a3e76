/**
 * A capture file → its TCP connections: the streaming reader feeds the decoder, segments are
 * grouped by connection as they come, and packets that are not usable TCP are counted by reason.
 * Pure (no DOM, no Node): `push` bytes as they are read, `end` for the result.
 */
import { CaptureReader, type CaptureLimits, type CaptureReport } from './capture.ts';
import { decodeTcp, SYN, ACK, type SkipReason, type TcpSegment } from './decode.ts';
import { endpoint } from './reconstruct.ts';

export interface CapturedConnection {
  /** 0-based, in order of first appearance. */
  id: number;
  /** The two endpoints ("address:port") in order of first appearance. */
  a: string;
  b: string;
  segments: TcpSegment[];
}

export interface CaptureImport {
  report: CaptureReport;
  connections: CapturedConnection[];
  /** Packets that were not usable TCP segments, by reason. */
  skipped: Partial<Record<SkipReason, number>>;
  /** Sentences about the whole file (the reader's problems, then skipped packets). */
  messages: string[];
}

const SKIP_TEXT: Record<SkipReason, string> = {
  'link-type': 'of a link type this reader does not know (it reads Ethernet, Linux cooked SLL/SLL2 and raw IP)',
  'not-ip': 'not IPv4 or IPv6',
  'not-tcp': 'not TCP',
  'truncated-header': 'snapped before the end of their TCP header',
  fragment: 'IP fragments (not reassembled)',
  'bad-header': 'with an impossible IP or TCP header length',
};

export class CaptureImporter {
  private readonly reader: CaptureReader;
  private readonly byKey = new Map<string, CapturedConnection>();
  private readonly connections: CapturedConnection[] = [];
  private readonly skipped: Partial<Record<SkipReason, number>> = {};

  constructor(limits?: CaptureLimits) {
    this.reader = new CaptureReader((p) => {
      const seg = decodeTcp(p.linkType, p.data, p.tNs, p.index);
      if (typeof seg === 'string') {
        this.skipped[seg] = (this.skipped[seg] ?? 0) + 1;
        return;
      }
      this.add(seg);
    }, limits);
  }

  get stopped(): boolean {
    return this.reader.stopped;
  }

  push(chunk: Uint8Array): void {
    this.reader.push(chunk);
  }

  private add(seg: TcpSegment): void {
    const x = endpoint(seg.src, seg.sport);
    const y = endpoint(seg.dst, seg.dport);
    const key = x < y ? `${x} ${y}` : `${y} ${x}`;
    let c = this.byKey.get(key);
    // A fresh SYN (not a retransmitted one) on a 4-tuple already in use opens a new connection.
    if (c && seg.flags & SYN && !(seg.flags & ACK)) {
      const prevSyn = c.segments.find((s) => s.flags & SYN && !(s.flags & ACK));
      if (c.segments.some((s) => s.payloadLen > 0) && (!prevSyn || prevSyn.seq !== seg.seq)) c = undefined;
    }
    if (!c) {
      c = { id: this.connections.length, a: x, b: y, segments: [] };
      this.connections.push(c);
      this.byKey.set(key, c);
    }
    c.segments.push(seg);
  }

  end(): CaptureImport {
    const report = this.reader.end();
    const messages = [...report.problems];
    for (const [reason, n] of Object.entries(this.skipped) as Array<[SkipReason, number]>) {
      messages.push(`${n} packet${n === 1 ? '' : 's'} skipped: ${SKIP_TEXT[reason]}`);
    }
    if (report.format !== null && this.connections.length === 0 && !report.stopped) messages.push('no TCP connection found in the capture');
    return { report, connections: this.connections, skipped: this.skipped, messages };
  }
}

/** Imports a whole in-memory capture (tests, small files). */
export function importCapture(bytes: Uint8Array, limits?: CaptureLimits): CaptureImport {
  const im = new CaptureImporter(limits);
  im.push(bytes);
  return im.end();
}
