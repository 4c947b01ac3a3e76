/**
 * `npm run trace -- FILE [--connection N] [--csv OUT] [--fit] [--variant V]`: reads a packet capture
 * (pcap/pcapng) or a kernel-sample CSV as a stream and prints JSON — per connection what the
 * reconstruction found; with `--fit` the fitted path, its scenario and the real-vs-simulated
 * difference summary; with `--csv` the reconstructed columns of the chosen connection.
 */
import { runScenario } from '../engine/run.ts';
import { parseScenario, formatErrors } from '../scenario/validate.ts';
import { variantNames } from '../catalogue/variants.ts';
import { CaptureImporter } from '../traces/import.ts';
import { DEFAULT_MAX_PACKETS } from '../traces/capture.ts';
import { KernelSampleReader, looksLikeKernelSamples } from '../traces/kernel-samples.ts';
import { reconstruct, type Reconstruction } from '../traces/reconstruct.ts';
import { fitPath, fittedScenario } from '../traces/fit.ts';
import { differenceSummary, reconstructSimulated } from '../traces/compare.ts';
import { csvText } from '../engine/trace-csv.ts';
import { EXIT_BAD_INPUT, EXIT_OK } from './execute.ts';

export interface TraceCliIo {
  stdout: (t: string) => void;
  stderr: (t: string) => void;
  /** The file's bytes in chunks (a stream: the file is never read whole). */
  chunks: (path: string) => AsyncIterable<Uint8Array>;
  writeFile: (path: string, text: string) => void;
}

export const TRACE_USAGE = `usage: npm run trace -- FILE [--connection N] [--csv OUT] [--fit] [--variant V] [--max-packets N]
  FILE            a packet capture (pcap or pcapng) or a kernel-sample CSV (t_s,snd_cwnd,…)
  --connection N  only connection N (0-based, as listed); --fit and --csv use it (default: the one with most data)
  --csv OUT       write the connection's reconstructed columns to OUT (t_s,series,flow_or_link,value)
  --fit           fit a path to the connection, simulate it and print the difference summary
  --variant V     the variant to simulate with --fit (default cubic)
  --max-packets N stop reading after N packets (default 2000000)`;

interface TraceArgs {
  file: string;
  connection: number | null;
  csv: string | null;
  fit: boolean;
  variant: string;
  maxPackets: number;
}

export function parseTraceArgs(argv: readonly string[]): { ok: true; args: TraceArgs } | { ok: false; error: string } {
  const a: TraceArgs = { file: '', connection: null, csv: null, fit: false, variant: 'cubic', maxPackets: DEFAULT_MAX_PACKETS };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string | null => (i + 1 < argv.length ? argv[++i] : null);
    if (arg === '--fit') a.fit = true;
    else if (arg === '--connection' || arg === '--max-packets') {
      const v = value();
      const n = v === null ? Number.NaN : Number(v);
      const min = arg === '--connection' ? 0 : 1;
      if (!Number.isInteger(n) || n < min || n > 1e9) return { ok: false, error: `${arg}: ${v === null ? 'missing value' : JSON.stringify(v)} — allowed: a whole number from ${min} to 1000000000` };
      if (arg === '--connection') a.connection = n;
      else a.maxPackets = n;
    } else if (arg === '--csv') {
      const v = value();
      if (v === null) return { ok: false, error: '--csv: missing output file name' };
      a.csv = v;
    } else if (arg === '--variant') {
      const v = value();
      if (v === null || !variantNames().includes(v)) return { ok: false, error: `--variant: ${v === null ? 'missing value' : JSON.stringify(v)} — allowed: ${variantNames().join(', ')}` };
      a.variant = v;
    } else if (arg.startsWith('--')) return { ok: false, error: `unknown option ${arg}\n${TRACE_USAGE}` };
    else files.push(arg);
  }
  if (files.length !== 1) return { ok: false, error: `${files.length === 0 ? 'no file given' : `one file at a time (got ${files.length})`}\n${TRACE_USAGE}` };
  a.file = files[0];
  return { ok: true, args: a };
}

const r3 = (x: number | null): number | null => (x === null ? null : Math.round(x * 1000) / 1000);

function connectionJson(id: number, r: Reconstruction) {
  const s = r.summary;
  return {
    id,
    client: s.client,
    server: s.server,
    captureSide: s.captureSide,
    dataSender: s.dataSender,
    dataPackets: s.dataPackets,
    retransmissions: s.retransmissions,
    spuriousRetransmissions: s.spuriousRetransmissions,
    fastRecoveries: s.fastRecoveries,
    timeouts: s.timeouts,
    bytesAcked: s.bytesAcked,
    durationS: r3(s.durationS),
    goodputBps: Math.round(s.goodputBps),
    rttMs: { min: r3(s.rttMs.min), median: r3(s.rttMs.median), p95: r3(s.rttMs.p95) },
    warnings: s.warnings,
  };
}

/** The reconstructed columns in the long format of the simulator's --trace CSV. */
export function reconstructionCsv(r: Reconstruction): string {
  const lines = ['t_s,series,flow_or_link,value'];
  const id = csvText(r.summary.client);
  const rows: Array<[number, string, number]> = [];
  const t = r.trace;
  for (let i = 0; i < t.cwnd.tNs.length; i++) rows.push([t.cwnd.tNs[i], 'inflight_bytes', t.cwnd.cwndBytes[i]]);
  for (let i = 0; i < t.send.tNs.length; i++) rows.push([t.send.tNs[i], t.send.retransmit[i] ? 'retransmit_seq' : 'send_seq', t.send.seq[i]]);
  for (let i = 0; i < t.ack.tNs.length; i++) rows.push([t.ack.tNs[i], 'ack_no', t.ack.ackNo[i]]);
  const names = ['rtt_ms', 'rwnd_segments', 'goodput_bps'];
  for (let i = 0; i < t.estimate.tNs.length; i++) rows.push([t.estimate.tNs[i], names[t.estimate.key[i]], t.estimate.value[i]]);
  // stable: rows of one series keep their order; series interleave by time
  rows.sort((a, b) => a[0] - b[0]);
  for (const [tn, series, v] of rows) lines.push(`${tn / 1e9},${series},${id},${v}`);
  return lines.join('\n') + '\n';
}

export async function traceCommand(argv: readonly string[], io: TraceCliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(TRACE_USAGE + '\n');
    return EXIT_OK;
  }
  const p = parseTraceArgs(argv);
  if (!p.ok) {
    io.stderr(p.error + '\n');
    return EXIT_BAD_INPUT;
  }
  const a = p.args;
  let importer: CaptureImporter | null = null;
  let samples: KernelSampleReader | null = null;
  const decoder = new TextDecoder();
  try {
    for await (const chunk of io.chunks(a.file)) {
      if (importer === null && samples === null) {
        if (looksLikeKernelSamples(chunk)) samples = new KernelSampleReader();
        else importer = new CaptureImporter({ maxPackets: a.maxPackets });
      }
      if (samples) samples.push(decoder.decode(chunk, { stream: true }));
      else if (importer) {
        importer.push(chunk);
        if (importer.stopped) break;
      }
    }
  } catch (e) {
    io.stderr(`${a.file}: cannot read: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_BAD_INPUT;
  }
  if (samples) {
    const k = samples.end();
    const c = k.columns;
    const last = k.rows - 1;
    const out = {
      file: a.file,
      kind: 'kernel-samples',
      rows: k.rows,
      durationS: k.rows > 0 ? c.t_s[last] - c.t_s[0] : 0,
      cwndSegments: k.rows > 0 ? { min: Math.min(...c.snd_cwnd), max: Math.max(...c.snd_cwnd) } : null,
      final: k.rows > 0 ? { totalRetrans: c.total_retrans[last], bytesAcked: c.bytes_acked[last], minRttMs: c.min_rtt_us[last] / 1000 } : null,
      problems: k.problems,
    };
    io.stdout(JSON.stringify(out, null, 2) + '\n');
    return k.rows > 0 ? EXIT_OK : EXIT_BAD_INPUT;
  }
  if (importer === null) importer = new CaptureImporter();
  const im = importer.end();
  const conns = im.connections.map((c) => ({ c, r: reconstruct(c.segments) }));
  if (a.connection !== null && a.connection >= conns.length) {
    io.stderr(`--connection ${a.connection}: the capture has ${conns.length} connection${conns.length === 1 ? '' : 's'} (0 … ${conns.length - 1})\n`);
    return EXIT_BAD_INPUT;
  }
  const chosen = a.connection ?? conns.reduce((best, x, i) => (best < 0 || x.r.summary.bytesAcked > conns[best].r.summary.bytesAcked ? i : best), -1);
  const listed = a.connection === null ? conns.map((x, i) => connectionJson(i, x.r)) : [connectionJson(a.connection, conns[a.connection].r)];
  const out: Record<string, unknown> = { file: a.file, format: im.report.format, packets: im.report.packets, messages: im.messages, connections: listed };
  if (a.fit && chosen >= 0) {
    const real = conns[chosen].r;
    const fit = fitPath(real);
    const scenario = fittedScenario(fit, a.variant, a.file.split(/[\\/]/).pop() ?? a.file);
    const parsed = parseScenario(scenario);
    if (!parsed.ok) {
      io.stderr(`the fitted scenario is not valid: ${formatErrors(parsed.errors)}\n`);
      return EXIT_BAD_INPUT;
    }
    const res = runScenario(parsed.scenario, { trace: ['send', 'ack', 'cwnd'] });
    const sim = reconstructSimulated(res.trace, 0, fit.mssBytes, fit.sack);
    out.fit = {
      connection: chosen,
      path: { rateBps: Math.round(fit.rateBps), baseRttMs: r3(fit.baseRttMs), delayMs: r3(fit.delayMs), bufferPackets: fit.bufferPackets, randomLossRate: fit.randomLossRate, notes: fit.notes },
      scenario,
      difference: differenceSummary(real, sim, res.trace.cwnd).map((d) => ({ ...d, real: r3(d.real), simulated: r3(d.simulated) })),
    };
  }
  if (a.csv !== null && chosen >= 0) io.writeFile(a.csv, reconstructionCsv(conns[chosen].r));
  io.stdout(JSON.stringify(out, null, 2) + '\n');
  const unusable = im.report.format === null || conns.length === 0;
  return unusable ? EXIT_BAD_INPUT : EXIT_OK;
}
