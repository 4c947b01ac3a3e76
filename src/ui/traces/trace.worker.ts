/// <reference lib="webworker" />
/**
 * The trace view's worker: streams the chosen file through the readers (Blob.stream(), so a large
 * capture is never in memory twice and the page never waits on it), keeps the connections, and
 * runs the fitted scenario. Only the drawn series go back to the page, as transferables.
 */
import { CaptureImporter, type CaptureImport } from '../../traces/import.ts';
import { KernelSampleReader, looksLikeKernelSamples } from '../../traces/kernel-samples.ts';
import { reconstruct, type Reconstruction } from '../../traces/reconstruct.ts';
import { fitPath, fittedScenario } from '../../traces/fit.ts';
import { differenceSummary, reconstructSimulated } from '../../traces/compare.ts';
import { parseScenario, formatError } from '../../scenario/validate.ts';
import { runScenario } from '../../engine/run.ts';
import type { TraceData } from '../../engine/core/trace.ts';
import type { KernelSeries, SeriesSet, TraceReply, TraceRequest } from './protocol.ts';

let imported: CaptureImport | null = null;
const rebuilt = new Map<number, Reconstruction>();

function reply(msg: TraceReply, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(msg, transfer);
}

function series(r: Reconstruction, windowFrom?: TraceData['cwnd']): SeriesSet {
  const { send, ack, cwnd } = r.trace;
  const mss = r.summary.mssBytes || 1000;
  const w = windowFrom ?? cwnd;
  const keep = windowFrom ? Array.from(w.flow, (f, i) => (f === 0 ? i : -1)).filter((i) => i >= 0) : null;
  return {
    sendT: send.tNs.map((t) => t / 1e9),
    sendSeq: Float64Array.from(send.seq),
    sendRtx: Uint8Array.from(send.retransmit),
    ackT: ack.tNs.map((t) => t / 1e9),
    ackNo: Float64Array.from(ack.ackNo),
    windowT: keep ? Float64Array.from(keep, (i) => w.tNs[i] / 1e9) : w.tNs.map((t) => t / 1e9),
    window: keep ? Float64Array.from(keep, (i) => w.cwndBytes[i] / mss) : w.cwndBytes.map((b) => b / mss),
    rttT: r.rtt.tNs.map((t) => t / 1e9),
    rttMs: Float64Array.from(r.rtt.rttMs),
  };
}

const buffers = (s: SeriesSet): Transferable[] => Object.values(s).map((a: Float64Array | Uint8Array) => a.buffer as ArrayBuffer);

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
  rebuilt.clear();
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
  const connections = imported.connections.map((c) => {
    const r = reconstruct(c.segments);
    rebuilt.set(c.id, r);
    return { id: c.id, summary: r.summary };
  });
  let kernel: KernelSeries | null = null;
  let kernelProblems: string[] = [];
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
  const s = series(r);
  reply({ kind: 'connection', id, series: s, fit: fitPath(r) }, buffers(s));
}

function simulate(id: number, fit: Parameters<typeof fittedScenario>[0], variant: string, label: string): void {
  const real = rebuilt.get(id);
  if (!real) return reply({ kind: 'failed', message: `there is no connection ${id}` });
  const input = fittedScenario(fit, variant, label);
  const parsed = parseScenario(input);
  if (!parsed.ok) return reply({ kind: 'failed', message: `The fitted path cannot run: ${parsed.errors.map(formatError).join('; ')}` });
  const res = runScenario(parsed.scenario, { trace: ['send', 'ack', 'cwnd'], maxEvents: 50_000_000 });
  const sim = reconstructSimulated(res.trace, 0, fit.mssBytes, fit.sack);
  const s = series(sim, res.trace.cwnd);
  const problems = res.stoppedEarly ? ['the simulation stopped early (event cap): the simulated series end before the captured ones'] : [];
  reply({ kind: 'simulated', id, series: s, difference: differenceSummary(real, sim, res.trace.cwnd), scenario: input, problems }, buffers(s));
}

self.onmessage = (e: MessageEvent<TraceRequest>) => {
  const m = e.data;
  const fail = (err: unknown) => reply({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
  try {
    if (m.kind === 'import') importFile(m.file, m.name, m.samples).catch(fail);
    else if (m.kind === 'connection') sendConnection(m.id);
    else simulate(m.id, m.fit, m.variant, m.label);
  } catch (err) {
    fail(err);
  }
};
