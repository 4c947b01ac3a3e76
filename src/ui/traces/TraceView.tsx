/**
 * Real traces beside the simulation: a packet capture imported (file picker, drag-and-drop or an
 * example), one connection drawn — time–sequence, window and RTT — and "Simulate this path": the
 * fitted scenario, editable, run with any variant and overlaid on the same axes with a difference
 * summary. The captured trace is labelled as such everywhere and lives only in this view (never
 * in the URL); only the fitted scenario can be opened in the simulator, and so shared.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { VARIANTS, variantInfo } from '../../catalogue/variants.ts';
import type { PathFit } from '../../traces/fit.ts';
import { pathBaseRttMs } from '../../traces/fit.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { DifferenceRow } from '../../traces/compare.ts';
import { INK, OKABE_ITO, variantColour } from '../../catalogue/palette.ts';
import { useElementWidth } from '../state/useElementWidth.ts';
import { drawOverlay, type Series } from './overlayChart.ts';
import type { KernelSeries, SeriesSet, TraceReply, TraceRequest } from './protocol.ts';
import './traces.css';

/** The shipped examples (public/samples): a capture and the kernel's samples of the same run. */
export const TRACE_EXAMPLES = [
  { name: 'linux-cubic', label: 'Linux CUBIC', variant: 'cubic' },
  { name: 'linux-bbr-per1', label: 'Linux BBR, 1 % loss', variant: 'bbr' },
  { name: 'linux-reno', label: 'Linux Reno', variant: 'reno' },
] as const;

export interface TraceFile {
  file: Blob;
  name: string;
  samples?: Blob | null;
  variant?: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** A file dropped on the page (opens the view with it). */
  dropped: TraceFile | null;
  /** Opens the fitted scenario in the simulator (the only part of an import that reaches the URL). */
  onOpenScenario: (scenario: unknown) => void;
}

interface Imported {
  name: string;
  format: string | null;
  packets: number;
  messages: string[];
  connections: Array<{ id: number; summary: ConnectionSummary }>;
  kernel: KernelSeries | null;
  kernelProblems: string[];
}

/** Editable fit fields, as the user types them. */
interface FitFields {
  rateMbps: string;
  rttMs: string;
  buffer: string;
  lossPct: string;
}

const fmt = (v: number | null, digits = 3): string => (v === null || !Number.isFinite(v) ? '—' : Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(digits));

/**
 * A capture, and optionally the kernel's samples of the same connection, out of the files chosen
 * or dropped together; a sentence if there is no capture among them.
 */
export function pickFiles(files: File[]): TraceFile | string {
  const isCsv = (f: File): boolean => /\.csv$/i.test(f.name) || f.type === 'text/csv';
  const capture = files.find((f) => !isCsv(f));
  const samples = files.find(isCsv) ?? null;
  if (!capture) return files.length === 0 ? 'No file was chosen.' : `${files.map((f) => f.name).join(', ')}: no packet capture among the files (a kernel-sample CSV is drawn beside the capture it belongs with).`;
  return { file: capture, name: capture.name, samples };
}

/** Checks the edited fields; each problem names the field and its allowed range. */
export function checkFitFields(f: FitFields, base: PathFit): { fit: PathFit | null; problems: string[] } {
  const problems: string[] = [];
  const num = (text: string, field: string, min: number, max: number, integer = false): number => {
    const v = Number(text);
    if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max || (integer && !Number.isInteger(v))) {
      problems.push(`${field}: "${text}" — allowed: ${integer ? 'a whole number ' : ''}${min} … ${max}`);
    }
    return v;
  };
  const rateBps = num(f.rateMbps, 'Bottleneck rate (Mb/s)', 0.01, 10_000) * 1e6;
  const rtt = num(f.rttMs, 'Base RTT (ms)', 0.1, 10_000);
  const buffer = num(f.buffer, 'Buffer (packets)', 1, 100_000, true);
  const loss = num(f.lossPct, 'Random loss (%)', 0, 50);
  if (problems.length > 0) return { fit: null, problems };
  const packet = base.mssBytes + base.headerBytes;
  const minRtt = pathBaseRttMs(rateBps, 0, packet, 40 + (base.timestamps ? 12 : 0));
  if (rtt < minRtt) return { fit: null, problems: [`Base RTT (ms): ${rtt} is shorter than sending one packet and its ACK at ${f.rateMbps} Mb/s — allowed: ${minRtt.toFixed(2)} … 10000`] };
  return { fit: { ...base, rateBps, baseRttMs: rtt, delayMs: (rtt - minRtt) / 2, bufferPackets: buffer, randomLossRate: loss / 100 }, problems: [] };
}

function fieldsOf(fit: PathFit): FitFields {
  return {
    rateMbps: String(Math.round(fit.rateBps / 1e3) / 1e3),
    rttMs: String(Math.round(fit.baseRttMs * 100) / 100),
    buffer: String(fit.bufferPackets),
    lossPct: String(Math.round(fit.randomLossRate * 1e5) / 1e3),
  };
}

export function TraceView({ open, onClose, dropped, onOpenScenario }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const worker = useRef<Worker | null>(null);
  const fileId = useId();
  const connId = useId();
  const variantId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const [conn, setConn] = useState(0);
  const [captured, setCaptured] = useState<SeriesSet | null>(null);
  const [baseFit, setBaseFit] = useState<PathFit | null>(null);
  const [fields, setFields] = useState<FitFields | null>(null);
  const [variant, setVariant] = useState('cubic');
  const [simulated, setSimulated] = useState<{ series: SeriesSet; difference: DifferenceRow[]; scenario: unknown; variant: string; problems: string[] } | null>(null);
  const [fieldProblems, setFieldProblems] = useState<string[]>([]);
  const simVariant = useRef('cubic');

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);

  // One worker while the view is open; closing the view ends it (and any reading in progress)
  // and lets the capture go: nothing of it outlives the view.
  useEffect(() => {
    if (!open) {
      setImported(null);
      setCaptured(null);
      setSimulated(null);
      setBaseFit(null);
      setFields(null);
      setFailure(null);
      setBusy(null);
      setFieldProblems([]);
      return;
    }
    const w = new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module', name: 'tcp-lab-traces' });
    worker.current = w;
    w.onmessage = (e: MessageEvent<TraceReply>) => {
      const m = e.data;
      if (m.kind === 'failed') {
        setBusy(null);
        setFailure(m.message);
      } else if (m.kind === 'imported') {
        setBusy(null);
        setImported(m);
        setCaptured(null);
        setSimulated(null);
        if (m.connections.length > 0) {
          const best = m.connections.reduce((a, c) => (c.summary.bytesAcked > a.summary.bytesAcked ? c : a), m.connections[0]);
          setConn(best.id);
          setBusy('Reconstructing…');
          w.postMessage({ kind: 'connection', id: best.id } satisfies TraceRequest);
        }
      } else if (m.kind === 'connection') {
        setBusy(null);
        setCaptured(m.series);
        setBaseFit(m.fit);
        setFields(fieldsOf(m.fit));
        setSimulated(null);
      } else if (m.kind === 'simulated') {
        setBusy(null);
        setSimulated({ series: m.series, difference: m.difference, scenario: m.scenario, variant: simVariant.current, problems: m.problems });
      }
    };
    w.onerror = (e) => {
      setBusy(null);
      setFailure(`The trace reader stopped: ${e.message || 'out of memory?'} — try a smaller capture.`);
    };
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, [open]);

  const load = (t: TraceFile): void => {
    setFailure(null);
    setImported(null);
    setCaptured(null);
    setSimulated(null);
    if (t.variant) setVariant(t.variant);
    setBusy(`Reading ${t.name}…`);
    worker.current?.postMessage({ kind: 'import', file: t.file, name: t.name, samples: t.samples ?? null } satisfies TraceRequest);
  };

  useEffect(() => {
    if (open && dropped && worker.current) load(dropped);
  }, [open, dropped]);

  const loadExample = async (ex: (typeof TRACE_EXAMPLES)[number]): Promise<void> => {
    setBusy(`Fetching ${ex.name}.pcap…`);
    try {
      const [pcap, csv] = await Promise.all([fetch(`./samples/${ex.name}.pcap`), fetch(`./samples/${ex.name}.tcpinfo.csv`)]);
      if (!pcap.ok) throw new Error(`${ex.name}.pcap: HTTP ${pcap.status}`);
      load({ file: await pcap.blob(), name: `${ex.name}.pcap`, samples: csv.ok ? await csv.blob() : null, variant: ex.variant });
    } catch (e) {
      setBusy(null);
      setFailure(`The example could not be fetched (${e instanceof Error ? e.message : String(e)}).`);
    }
  };

  const chooseConnection = (id: number): void => {
    setConn(id);
    setBusy('Reconstructing…');
    worker.current?.postMessage({ kind: 'connection', id } satisfies TraceRequest);
  };

  const simulate = (): void => {
    if (!baseFit || !fields || !imported) return;
    const { fit, problems } = checkFitFields(fields, baseFit);
    setFieldProblems(problems);
    if (!fit) return;
    simVariant.current = variant;
    setBusy(`Simulating ${variantInfo(variant)?.label ?? variant} on the fitted path…`);
    worker.current?.postMessage({ kind: 'simulate', id: conn, fit, variant, label: imported.name } satisfies TraceRequest);
  };

  const summary = imported?.connections.find((c) => c.id === conn)?.summary ?? null;
  const capLabel = imported ? `captured — ${imported.name}` : 'captured';
  const simLabel = simulated ? `simulated — ${variantInfo(simulated.variant)?.label ?? simulated.variant}, fitted path` : '';
  const simColour = simulated ? variantColour(simulated.variant) : OKABE_ITO.vermillion;

  return (
    <dialog ref={dialog} className="trace-view" aria-labelledby="trace-view-title" data-testid="trace-view" onClose={onClose}>
      <div className="trace-head">
        <h2 id="trace-view-title">{imported ? `Captured trace: ${imported.name}` : 'Import a captured trace'}</h2>
        <form method="dialog">
          <button type="submit" data-testid="trace-close">
            Close
          </button>
        </form>
      </div>
      <div className="trace-controls">
        <label htmlFor={fileId} className="file-button">
          Open a capture (pcap, pcapng; with its kernel-sample CSV if you have one)…
        </label>
        <input
          id={fileId}
          data-testid="trace-file"
          type="file"
          accept=".pcap,.pcapng,.cap,.csv,application/vnd.tcpdump.pcap,text/csv"
          multiple
          className="visually-hidden"
          onChange={(e) => {
            const t = pickFiles(Array.from(e.target.files ?? []));
            if (typeof t === 'string') setFailure(t);
            else load(t);
            e.target.value = '';
          }}
        />
        <span className="trace-or">or drop one on the page, or an example:</span>
        {TRACE_EXAMPLES.map((ex) => (
          <button key={ex.name} type="button" data-testid={`trace-example-${ex.name}`} onClick={() => void loadExample(ex)}>
            {ex.label}
          </button>
        ))}
      </div>
      <p className="trace-status" role="status" aria-live="polite" data-testid="trace-status">
        {busy ?? (imported ? `${imported.packets} packets, ${imported.connections.length} TCP connection${imported.connections.length === 1 ? '' : 's'} (${imported.format})` : 'Nothing imported yet. The capture stays in this view: it is never put in a link.')}
      </p>
      {failure ? (
        <p className="trace-problem" role="alert" data-testid="trace-failure">
          {failure}
        </p>
      ) : null}
      {imported && (imported.messages.length > 0 || (summary?.warnings.length ?? 0) > 0 || imported.kernelProblems.length > 0) ? (
        <ul className="trace-messages" data-testid="trace-messages">
          {[...imported.messages, ...(summary?.warnings ?? []), ...imported.kernelProblems.map((p) => `kernel samples: ${p}`)].map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
      {imported && imported.connections.length > 1 ? (
        <div className="trace-row">
          <label htmlFor={connId}>Connection</label>
          <select id={connId} data-testid="trace-connection" value={conn} onChange={(e) => chooseConnection(Number(e.target.value))}>
            {imported.connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}: {c.summary.client} → {c.summary.server} ({c.summary.dataPackets} data packets)
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {summary && captured ? (
        <>
          <p className="trace-caption" data-testid="trace-caption">
            Connection {conn}: {summary.client} → {summary.server}, captured at the {summary.captureSide === 'unknown' ? '(unknown)' : summary.captureSide} side; data from the {summary.dataSender}.{' '}
            {summary.dataPackets} data packets, {summary.retransmissions} retransmitted ({summary.spuriousRetransmissions} spurious), {summary.fastRecoveries} fast recoveries, {summary.timeouts} timeouts; goodput {fmt(summary.goodputBps / 1e6)} Mb/s over {fmt(summary.durationS)} s; RTT min {fmt(summary.rttMs.min)}, median {fmt(summary.rttMs.median)}, p95 {fmt(summary.rttMs.p95)} ms.
          </p>
          {fields ? (
            <fieldset className="trace-fit" data-testid="trace-fit">
              <legend>Simulate this path</legend>
              <FitInput label="Bottleneck rate (Mb/s)" value={fields.rateMbps} onChange={(v) => setFields({ ...fields, rateMbps: v })} testId="fit-rate" />
              <FitInput label="Base RTT (ms)" value={fields.rttMs} onChange={(v) => setFields({ ...fields, rttMs: v })} testId="fit-rtt" />
              <FitInput label="Buffer (packets)" value={fields.buffer} onChange={(v) => setFields({ ...fields, buffer: v })} testId="fit-buffer" />
              <FitInput label="Random loss (%)" value={fields.lossPct} onChange={(v) => setFields({ ...fields, lossPct: v })} testId="fit-loss" />
              <div className="trace-field">
                <label htmlFor={variantId}>Variant</label>
                <select id={variantId} data-testid="fit-variant" value={variant} onChange={(e) => setVariant(e.target.value)}>
                  {VARIANTS.map((v) => (
                    <option key={v.name} value={v.name}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </div>
              <button type="button" data-testid="fit-run" onClick={simulate} disabled={busy !== null}>
                Simulate
              </button>
              {simulated ? (
                <button type="button" data-testid="fit-open" onClick={() => onOpenScenario(simulated.scenario)}>
                  Open the fitted scenario in the simulator
                </button>
              ) : null}
              {fieldProblems.length > 0 ? (
                <ul className="trace-problem" role="alert" data-testid="fit-problems">
                  {fieldProblems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
              <p className="trace-note">
                Fitted: rate from the median delivery rate, base RTT from the minimum RTT, buffer from the fullest queue’s RTT, random loss from retransmissions begun with the queue under ¾ full. TCP as captured: MSS {baseFit?.mssBytes} B, initial window {baseFit?.initialCwndSegments}, SACK {baseFit?.sack ? 'on' : 'off'}, delayed ACKs {baseFit?.delayedAck ? 'on' : 'off'}.
              </p>
            </fieldset>
          ) : null}
          {simulated ? <Difference rows={simulated.difference} capLabel={capLabel} simLabel={simLabel} problems={simulated.problems} /> : null}
          <Charts captured={captured} simulated={simulated?.series ?? null} kernel={imported?.kernel ?? null} capLabel={capLabel} simLabel={simLabel} simColour={simColour} mss={summary.mssBytes || 1000} />
        </>
      ) : null}
    </dialog>
  );
}

function FitInput({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  const id = useId();
  return (
    <div className="trace-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function Difference({ rows, capLabel, simLabel, problems }: { rows: DifferenceRow[]; capLabel: string; simLabel: string; problems: string[] }) {
  return (
    <div className="trace-difference metrics" data-testid="trace-difference">
      <table>
        <caption>Captured vs simulated</caption>
        <thead>
          <tr>
            <th scope="col">measure</th>
            <th scope="col" className="num">
              {capLabel}
            </th>
            <th scope="col" className="num">
              {simLabel}
            </th>
            <th scope="col">unit</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.measure}>
              <th scope="row">{r.measure}</th>
              <td className="num">{fmt(r.real)}</td>
              <td className="num">{fmt(r.simulated)}</td>
              <td>{r.unit}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="footnote">Window: the captured connection’s bytes in flight (RFC 6675 pipe), the simulator’s cwnd.</p>
      {problems.map((p) => (
        <p key={p} className="trace-problem">
          {p}
        </p>
      ))}
    </div>
  );
}

function Charts({ captured, simulated, kernel, capLabel, simLabel, simColour, mss }: { captured: SeriesSet; simulated: SeriesSet | null; kernel: KernelSeries | null; capLabel: string; simLabel: string; simColour: string; mss: number }) {
  const [box, width] = useElementWidth<HTMLDivElement>();
  const xMax = useMemo(() => {
    const last = (a: Float64Array): number => (a.length ? a[a.length - 1] : 0);
    return Math.max(last(captured.sendT), last(captured.ackT));
  }, [captured]);
  const chartW = width > 900 ? Math.floor((width - 16) / 2) : width;
  const h = width > 900 ? 300 : 240;
  const seg = (a: Float64Array): Float64Array => a.map((v) => v / mss);
  const charts: Array<{ id: string; title: string; yLabel: string; series: Series[] }> = [
    {
      id: 'trace-timeseq',
      title: 'Time–sequence (data sent; × = retransmission)',
      yLabel: 'sequence (segments)',
      series: [
        { kind: 'points', label: capLabel, colour: INK, x: captured.sendT, y: seg(captured.sendSeq), cross: captured.sendRtx },
        ...(simulated ? [{ kind: 'points' as const, label: simLabel, colour: simColour, x: simulated.sendT, y: seg(simulated.sendSeq), cross: simulated.sendRtx }] : []),
      ],
    },
    {
      id: 'trace-window',
      title: 'Window',
      yLabel: 'segments',
      series: [
        { kind: 'steps', label: `${capLabel}: bytes in flight`, colour: INK, x: captured.windowT, y: captured.window },
        ...(kernel ? [{ kind: 'steps' as const, label: 'kernel cwnd (tcp_info, every 10 ms)', colour: OKABE_ITO.skyBlue, x: kernel.t, y: kernel.cwnd, dashed: true }] : []),
        ...(simulated ? [{ kind: 'steps' as const, label: `${simLabel}: cwnd`, colour: simColour, x: simulated.windowT, y: simulated.window }] : []),
      ],
    },
    {
      id: 'trace-rtt',
      title: 'RTT samples (Karn’s rule)',
      yLabel: 'RTT (ms)',
      series: [
        { kind: 'points', label: capLabel, colour: INK, x: captured.rttT, y: captured.rttMs },
        ...(simulated ? [{ kind: 'points' as const, label: simLabel, colour: simColour, x: simulated.rttT, y: simulated.rttMs }] : []),
      ],
    },
  ];
  return (
    <div className="trace-charts" ref={box}>
      {width > 0
        ? charts.map((c) => (
            <figure key={c.id} className="trace-chart panel">
              <figcaption>{c.title}</figcaption>
              <ul className="trace-legend">
                {c.series.map((s) => (
                  <li key={s.label}>
                    <span className={s.kind === 'steps' ? (s.dashed ? 'swatch dashed' : 'swatch line') : 'swatch dot'} style={{ color: s.colour }} aria-hidden="true" />
                    {s.label}
                  </li>
                ))}
              </ul>
              <Chart id={c.id} width={chartW - 30} height={h} yLabel={c.yLabel} series={c.series} xMax={xMax} />
            </figure>
          ))
        : null}
    </div>
  );
}

function Chart({ id, width, height, yLabel, series, xMax }: { id: string; width: number; height: number; yLabel: string; series: Series[]; xMax: number }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current) drawOverlay(ref.current, { width, height, yLabel, series, xMax });
  }, [width, height, yLabel, series, xMax]);
  return <svg ref={ref} id={id} data-testid={id} role="img" aria-label={`${yLabel} over time: ${series.map((s) => s.label).join('; ')}`} />;
}
