/// <reference lib="webworker" />
/**
 * The trace worker: streams the chosen file through the readers (Blob.stream(), so a large
 * capture is never in memory twice and the page never waits on it), keeps the connections'
 * reconstructions, hands the chosen one to the page as the simulator's trace columns (a run the
 * panels draw), and measures the simulated runs drawn beside it with the same reconstruction for
 * the difference summary.
 */
import { CaptureImporter, type CaptureImport } from '../../traces/import.ts';
import { KernelSampleReader, looksLikeKernelSamples } from '../../traces/kernel-samples.ts';
import { reconstruct, type Reconstruction } from '../../traces/reconstruct.ts';
import { fitPath } from '../../traces/fit.ts';
import { differenceSummary, reconstructSimulated } from '../../traces/compare.ts';
import type { TraceData } from '../../engine/core/trace.ts';
import { displayTrace } from './displayTrace.ts';
import type { KernelSeries, SimulatedColumns, SimulatedMeasure, TraceReply, TraceRequest } from './protocol.ts';

let imported: CaptureImport | null = null;
/** The drawn file's connections; a file with none (a bad file) leaves the drawn one's in place. */
let rebuilt = new Map<number, Reconstruction>();
/** The kernel's samples read with the capture (they belong with its first connection). */
let kernel: KernelSeries | null = null;

function reply(msg: TraceReply, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg, transfer);
}

/** Each column's buffer once (columns of a reduced table may share one; a buffer listed twice cannot be transferred). */
const columnBuffers = (t: TraceData): Transferable[] => [...new Set(Object.values(t).flatMap((table: Record<string, Float64Array>) => Object.values(table).map((c) => c.buffer as ArrayBuffer)))];

async function readKernel(blob: Blob): Promise<ReturnType<KernelSampleReader['end']>> {
  const r = new KernelSampleReader();
  const dec = new TextDecoder();
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    r.push(dec.decode(value, { stream: true }));
  }
  return r.end();
}

async function importFile(file: Blob, name: string, samples: Blob | null): Promise<void> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  if (looksLikeKernelSamples(head)) {
    reply({ kind: 'failed', message: `${name} is a kernel-sample file (t_s, snd_cwnd, …): import the capture it belongs with; the examples load both together.` });
    return;
  }
  const im = new CaptureImporter();
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    im.push(value);
    if (im.stopped) {
      await reader.cancel();
      break;
    }
  }
  imported = im.end();
  const fresh = new Map<number, Reconstruction>();
  const connections = imported.connections.map((c) => {
    const r = reconstruct(c.segments);
    fresh.set(c.id, r);
    return { id: c.id, summary: r.summary };
  });
  let kernelProblems: string[] = [];
  if (connections.length > 0) {
    rebuilt = fresh;
    kernel = null;
  }
  if (samples && connections.length > 0) {
    const k = await readKernel(samples);
    if (k.rows === 0 && k.problems.length === 0) k.problems.push('the kernel-sample file has no rows');
    kernelProblems = k.problems;
    const r = rebuilt.get(0) as Reconstruction;
    // The samples count from connect() returning, i.e. the client's ACK of the SYN-ACK.
    const offS = r.handshakeDoneNs === null ? 0 : (r.handshakeDoneNs - r.t0Ns) / 1e9;
    kernel = { t: k.columns.t_s.map((t) => t + offS), cwnd: Float64Array.from(k.columns.snd_cwnd) };
  }
  reply({ kind: 'imported', name, format: imported.report.format, packets: imported.report.packets, messages: imported.messages, connections, kernel, kernelProblems });
}

function sendConnection(id: number): void {
  const r = rebuilt.get(id);
  if (!r) return reply({ kind: 'failed', message: `there is no connection ${id}` });
  // the kernel's cwnd only with the connection it was sampled on
  // transferred: a copy (displayTrace), never the reconstruction the difference summary still needs
  const { trace, rows, decimated } = displayTrace(r.trace, id === 0 ? kernel : null, r.summary.mssBytes);
  reply({ kind: 'connection', id, summary: r.summary, trace, fit: fitPath(r), rows, decimated }, columnBuffers(trace));
}

function measure(id: number, runs: SimulatedColumns[], ask: number): void {
  const real = rebuilt.get(id);
  if (!real) return reply({ kind: 'failed', message: `there is no connection ${id}` });
  const measures: SimulatedMeasure[] = runs.map((c) => {
    const sim = reconstructSimulated({ send: c.send as TraceData['send'], ack: c.ack as TraceData['ack'] }, 0, c.mssBytes, c.sack);
    const e = sim.trace.estimate;
    // RTT and goodput only: the simulated receiver's window is not in its trace
    const keep = Array.from(e.key, (k, i) => (k === 1 ? -1 : i)).filter((i) => i >= 0);
    const pick = (col: Float64Array): Float64Array => Float64Array.from(keep, (i) => col[i]);
    return { key: c.key, rows: differenceSummary(real, sim, c.cwnd as TraceData['cwnd']), estimate: { tNs: pick(e.tNs), flow: pick(e.flow), key: pick(e.key), value: pick(e.value) } };
  });
  reply({ kind: 'difference', id, measures, ask });
}

self.onmessage = (e: MessageEvent<TraceRequest>) => {
  const m = e.data;
  const fail = (err: unknown) => reply({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  try {
    if (m.kind === 'import') importFile(m.file, m.name, m.samples).catch(fail);
    else if (m.kind === 'connection') sendConnection(m.id);
    else measure(m.id, m.runs, m.ask);
  } catch (err) {
    fail(err);
  }
};
