/**
 * A simulated run seen the way a capture at its sender would see it, so that the real and the
 * simulated connection are measured by the same code (reconstruct), and their difference summary.
 */
import type { TraceData } from '../engine/core/trace.ts';
import { ACK, SYN, type TcpSegment } from './decode.ts';
import { reconstruct, type Reconstruction } from './reconstruct.ts';

const NO_OPTIONS = { mss: null, wscale: null, sackPermitted: false, sack: [], tsVal: null, tsEcr: null };

/**
 * Flow `flow` of a simulated trace (its `send` and `ack` tables) as sender-side segments: a
 * handshake before t = 0, then every send row and every ACK row in time order (an ACK first on a
 * tie: the sender reacts to it). The simulator's traces hold no SACK blocks, so the
 * reconstruction's pipe is sndMax − sndUna for them.
 */
export function segmentsFromTrace(trace: Pick<TraceData, 'send' | 'ack'>, flow: number, mssBytes: number, sack: boolean): TcpSegment[] {
  const cli = '10.0.0.1';
  const srv = '10.0.0.2';
  const base = (over: Partial<TcpSegment>): TcpSegment => ({
    tNs: 0,
    index: 0,
    src: cli,
    dst: srv,
    sport: 40000,
    dport: 5001,
    seq: 0,
    ack: 0,
    flags: ACK,
    window: 65535,
    payloadLen: 0,
    headerLen: 52,
    options: NO_OPTIONS,
    ...over,
  });
  const hs = { ...NO_OPTIONS, mss: mssBytes, sackPermitted: sack };
  const out: TcpSegment[] = [
    base({ tNs: -2, seq: 0xffffffff, flags: SYN, options: hs }),
    base({ tNs: -1, src: srv, dst: cli, sport: 5001, dport: 40000, seq: 0, ack: 0, flags: SYN | ACK, options: hs }),
    base({ tNs: -1, ack: 1 }),
  ];
  const rows: TcpSegment[] = [];
  const { send, ack } = trace;
  for (let i = 0; i < send.tNs.length; i++)
    if (send.flow[i] === flow) rows.push(base({ tNs: send.tNs[i], seq: send.seq[i] >>> 0, ack: 1, payloadLen: send.lenBytes[i] }));
  for (let i = 0; i < ack.tNs.length; i++)
    if (ack.flow[i] === flow) rows.push(base({ tNs: ack.tNs[i], src: srv, dst: cli, sport: 5001, dport: 40000, seq: 1, ack: ack.ackNo[i] >>> 0 }));
  rows.sort((a, b) => a.tNs - b.tNs || (a.src === srv ? 0 : 1) - (b.src === srv ? 0 : 1));
  rows.forEach((r, i) => (r.index = i + 3));
  return out.concat(rows);
}

export function reconstructSimulated(trace: Pick<TraceData, 'send' | 'ack'>, flow: number, mssBytes: number, sack: boolean): Reconstruction {
  return reconstruct(segmentsFromTrace(trace, flow, mssBytes, sack), { dataSender: 'client' });
}

export interface DifferenceRow {
  measure: string;
  unit: string;
  real: number | null;
  simulated: number | null;
}

/** Window range: 5th and 95th percentile of a step series (bytes), time-weighted, in segments. */
export function windowRange(series: { tNs: Float64Array; cwndBytes: Float64Array }, mss: number): [number, number] | null {
  const { tNs, cwndBytes } = series;
  if (tNs.length < 2) return null;
  const pairs: Array<[number, number]> = [];
  let total = 0;
  for (let i = 0; i + 1 < tNs.length; i++) {
    const w = tNs[i + 1] - tNs[i];
    if (w > 0) {
      pairs.push([cwndBytes[i] / mss, w]);
      total += w;
    }
  }
  if (total === 0) return null;
  pairs.sort((a, b) => a[0] - b[0]);
  const at = (q: number): number => {
    let acc = 0;
    for (const [v, w] of pairs) {
      acc += w;
      if (acc >= q * total) return v;
    }
    return pairs[pairs.length - 1][0];
  };
  return [at(0.05), at(0.95)];
}

/**
 * The measures side by side. The captured window is the bytes-in-flight estimate; the simulated
 * one is the simulator's own cwnd of flow 0 (`simCwnd`, its `cwnd` table) when given — its trace
 * holds no SACK blocks, so a pipe rebuilt from it would count SACKed data as in flight.
 */
export function differenceSummary(real: Reconstruction, sim: Reconstruction, simCwnd?: Pick<TraceData, 'cwnd'>['cwnd']): DifferenceRow[] {
  const rate = (r: Reconstruction): number | null => (r.summary.dataPackets > 0 ? (100 * r.summary.retransmissions) / r.summary.dataPackets : null);
  const mss = real.summary.mssBytes || 1000;
  const wr = windowRange(real.trace.cwnd, mss);
  let ws: [number, number] | null;
  if (simCwnd) {
    const keep = Array.from(simCwnd.flow, (f, i) => (f === 0 ? i : -1)).filter((i) => i >= 0);
    ws = windowRange({ tNs: Float64Array.from(keep, (i) => simCwnd.tNs[i]), cwndBytes: Float64Array.from(keep, (i) => simCwnd.cwndBytes[i]) }, sim.summary.mssBytes || mss);
  } else ws = windowRange(sim.trace.cwnd, sim.summary.mssBytes || mss);
  return [
    { measure: 'goodput', unit: 'Mb/s', real: real.summary.goodputBps / 1e6, simulated: sim.summary.goodputBps / 1e6 },
    { measure: 'retransmissions', unit: '% of data packets', real: rate(real), simulated: rate(sim) },
    { measure: 'RTT median', unit: 'ms', real: real.summary.rttMs.median, simulated: sim.summary.rttMs.median },
    { measure: 'RTT p95', unit: 'ms', real: real.summary.rttMs.p95, simulated: sim.summary.rttMs.p95 },
    { measure: 'window p5', unit: 'segments', real: wr?.[0] ?? null, simulated: ws?.[0] ?? null },
    { measure: 'window p95', unit: 'segments', real: wr?.[1] ?? null, simulated: ws?.[1] ?? null },
  ];
}

/** The summary as short sentences (the CLI and the app's caption). */
export function differenceText(rows: DifferenceRow[]): string {
  const f = (v: number | null): string => (v === null ? '—' : Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));
  return rows.map((r) => `${r.measure}: captured ${f(r.real)}, simulated ${f(r.simulated)} ${r.unit}`).join('; ');
}
