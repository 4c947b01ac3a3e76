/**
 * The worker's memory guard: a ColumnarSink that counts the values it has stored, so the run can
 * be stopped cleanly at a slice boundary once the trace reaches `Caps.maxTraceValues`, before
 * the worker (and with it the tab) runs out of memory. The records themselves are unchanged, so
 * the trace and its fingerprint equal the engine's own sink's.
 */
import {
  ColumnarSink,
  TRACE_TABLES,
  type AckRegRecord,
  type ChannelState,
  type DropCause,
  type FlowEventKind,
  type LossTruth,
  type ProbeRecord,
  type TableName,
  type Verdict,
  type WaveRecord,
} from '../engine/core/trace.ts';

const width = (t: TableName): number => TRACE_TABLES[t].length;

export class MeteredSink extends ColumnarSink {
  /** Values stored so far, over every recorded table. */
  values = 0;
  private readonly per: Record<TableName, number>;

  constructor(tables: readonly TableName[]) {
    super(tables);
    // 0 for tables not recorded, so counting stays one addition per record
    this.per = Object.fromEntries((Object.keys(TRACE_TABLES) as TableName[]).map((t) => [t, tables.includes(t) ? width(t) : 0])) as Record<TableName, number>;
  }

  override cwnd(tNs: number, flow: number, cwndBytes: number, ssthreshBytes: number): void {
    this.values += this.per.cwnd;
    super.cwnd(tNs, flow, cwndBytes, ssthreshBytes);
  }
  override queue(tNs: number, link: number, packets: number, bytes: number): void {
    this.values += this.per.queue;
    super.queue(tNs, link, packets, bytes);
  }
  override drop(tNs: number, link: number, flow: number, seq: number, isAck: boolean, cause: DropCause): void {
    this.values += this.per.drop;
    super.drop(tNs, link, flow, seq, isAck, cause);
  }
  override send(tNs: number, flow: number, seq: number, lenBytes: number, retransmit: boolean): void {
    this.values += this.per.send;
    super.send(tNs, flow, seq, lenBytes, retransmit);
  }
  override ack(tNs: number, flow: number, ackNo: number): void {
    this.values += this.per.ack;
    super.ack(tNs, flow, ackNo);
  }
  override event(tNs: number, flow: number, kind: FlowEventKind): void {
    this.values += this.per.event;
    super.event(tNs, flow, kind);
  }
  override channel(tNs: number, link: number, state: ChannelState): void {
    this.values += this.per.channel;
    super.channel(tNs, link, state);
  }
  override mark(tNs: number, link: number, flow: number, seq: number): void {
    this.values += this.per.mark;
    super.mark(tNs, link, flow, seq);
  }
  override bucket(tNs: number, flow: number, tokens: number): void {
    this.values += this.per.bucket;
    super.bucket(tNs, flow, tokens);
  }
  override playback(tNs: number, flow: number, ok: boolean, bufferedBytes: number): void {
    this.values += this.per.playback;
    super.playback(tNs, flow, ok, bufferedBytes);
  }
  override estimate(tNs: number, flow: number, key: number, value: number): void {
    this.values += this.per.estimate;
    super.estimate(tNs, flow, key, value);
  }
  override verdict(tNs: number, flow: number, seq: number, verdict: Verdict, truth: LossTruth): void {
    this.values += this.per.verdict;
    super.verdict(tNs, flow, seq, verdict, truth);
  }
  override avail(tNs: number, link: number, bps: number): void {
    this.values += this.per.avail;
    super.avail(tNs, link, bps);
  }
  override wave(tNs: number, flow: number, w: WaveRecord): void {
    this.values += this.per.wave;
    super.wave(tNs, flow, w);
  }
  override probe(tNs: number, flow: number, r: ProbeRecord): void {
    this.values += this.per.probe;
    super.probe(tNs, flow, r);
  }
  override ackreg(tNs: number, link: number, r: AckRegRecord): void {
    this.values += this.per.ackreg;
    super.ackreg(tNs, link, r);
  }
}
