/**
 * The captures slice of the app: a captured connection imported (Export ▾ → Import capture…, a
 * file dropped anywhere on the page, or an example) becomes a run of the app's run set, named
 * "captured — FILE" and drawn by the normal panels (capturedRun.ts). "Simulate this path" loads
 * the fitted scenario into the app, whose runs are then drawn beside the capture with the
 * difference summary. The capture stays in this hook (and its worker) only: never in the model,
 * so never in a share link; the fitted scenario, once loaded, is the app's scenario like any other.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { withChecks } from '../state/late.ts';
import type { Scenario } from '../../scenario/schema.ts';
import { fittedScenario, type PathFit } from '../../traces/fit.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { RunOutput } from '../../worker/protocol.ts';
import type { RunSet, VariantRun } from '../state/runSet.ts';
import { CaptureBar } from './CaptureBar.tsx';
import { capturedRun, isCaptured, withCapture } from './capturedRun.ts';
import { isCaptureFile, onCaptureDrop } from './captureFile.ts';
import type { SimulatedColumns, SimulatedMeasure, TraceReply, TraceRequest } from './protocol.ts';
import { checkFitFields, fieldsOf, pickFiles, TRACE_EXAMPLES, TraceView, type FitFields, type Imported, type TraceFile } from './TraceView.tsx';

export { isCaptureFile } from './captureFile.ts';

/** The connection drawn, and what "Simulate this path" starts from. */
interface Capture {
  id: number;
  run: VariantRun;
  summary: ConnectionSummary;
  fit: PathFit;
  /** The file's connections (to pick another) and what reading its kernel samples noted. */
  connections: Imported['connections'];
  kernelProblems: string[];
}

export interface TraceImport {
  openView: () => void;
  /** The import dialog (rendered once by the app). */
  element: ReactNode;
  /** The capture's bar above the panels: summary, "Simulate this path", the difference summary; null without a capture. */
  bar: ReactNode;
  /** The run set to draw: `runs` with the capture, when there is one (capturedRun.ts's withCapture). */
  set: RunSet | null;
  /** Files dropped on the page (a capture, with its kernel-sample CSV if dropped together). */
  dropFiles: (files: File[]) => void;
}

/**
 * `runs` is the app's run set; `onSimulate` loads a fitted scenario into the app (false if it
 * was refused, e.g. by a lesson's lock).
 */
export function useTraceImport(runs: RunSet | null, onSimulate: (scenario: Scenario) => boolean): TraceImport {
  const [open, setOpen] = useState(false);
  const worker = useRef<Worker | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [imported, setImported] = useState<Imported | null>(null);
  const [capture, setCapture] = useState<Capture | null>(null);
  const [fields, setFields] = useState<FitFields | null>(null);
  const [fieldProblems, setFieldProblems] = useState<string[]>([]);
  const [variant, setVariant] = useState('cubic');
  // The app's run set when "Simulate this path" loaded the fitted scenario: the runs after it
  // are the fitted path's, drawn beside the capture. False: nothing simulated yet.
  const [since, setSince] = useState<RunSet | null | false>(false);
  const [measures, setMeasures] = useState<ReadonlyMap<RunOutput, SimulatedMeasure>>(new Map());
  // the results the latest difference request was about: a reply to an earlier one is dropped
  const asked = useRef<{ ask: number; results: RunOutput[] }>({ ask: 0, results: [] });
  const names = useRef({ name: '', variant: 'cubic' });
  // the file being read: its connections belong to the capture drawn only once one is reconstructed
  const reading = useRef<Imported | null>(null);

  const onReply = useCallback((m: TraceReply, w: Worker) => {
    if (m.kind === 'failed') {
      setBusy(null);
      setFailure(m.message);
      setOpen(true);
    } else if (m.kind === 'imported') {
      setImported(m);
      reading.current = m;
      if (m.connections.length === 0) {
        setBusy(null);
        setFailure(`${m.name}: no TCP connection to draw.`);
        return;
      }
      const best = m.connections.reduce((a, c) => (c.summary.bytesAcked > a.summary.bytesAcked ? c : a), m.connections[0]);
      setBusy('Reconstructing…');
      w.postMessage({ kind: 'connection', id: best.id } satisfies TraceRequest);
    } else if (m.kind === 'connection') {
      // the fitted path is validated like any scenario, by the late checks (state/late.ts)
      withChecks(({ parseScenario, formatError }) => {
        setBusy(null);
        const frame = parseScenario(fittedScenario(m.fit, names.current.variant, names.current.name));
        if (!frame.ok) {
          setFailure(`The connection cannot be drawn: its fitted path is out of range (${frame.errors.map(formatError).join('; ')}).`);
          return;
        }
        const file = reading.current;
        setCapture({ id: m.id, run: capturedRun(names.current.name, m.summary, m.trace, frame.scenario, { rows: m.rows, decimated: m.decimated }), summary: m.summary, fit: m.fit, connections: file?.connections ?? [], kernelProblems: file?.kernelProblems ?? [] });
        setFields(fieldsOf(m.fit));
        setFieldProblems([]);
        setSince(false);
        setMeasures(new Map());
        setOpen(false);
      });
    } else if (m.ask === asked.current.ask) {
      const byIndex = new Map(m.measures.map((x) => [Number(x.key), x]));
      setMeasures(new Map(asked.current.results.flatMap((r, i) => (byIndex.has(i) ? [[r, byIndex.get(i) as SimulatedMeasure] as const] : []))));
    }
  }, []);

  const ensureWorker = useCallback((): Worker => {
    if (worker.current) return worker.current;
    const w = new Worker(new URL('./trace.worker.ts', import.meta.url), { type: 'module', name: 'tcp-lab-traces' });
    w.onmessage = (e: MessageEvent<TraceReply>) => onReply(e.data, w);
    w.onerror = (e) => {
      setBusy(null);
      setFailure(`The trace reader stopped: ${e.message || 'out of memory?'} — try a smaller capture.`);
    };
    worker.current = w;
    return w;
  }, [onReply]);

  useEffect(() => () => worker.current?.terminate(), []);

  const load = useCallback(
    (t: TraceFile): void => {
      setFailure(null);
      setImported(null);
      if (t.variant) setVariant(t.variant);
      names.current = { name: t.name, variant: t.variant ?? variant };
      setBusy(`Reading ${t.name}…`);
      ensureWorker().postMessage({ kind: 'import', file: t.file, name: t.name, samples: t.samples ?? null } satisfies TraceRequest);
    },
    [ensureWorker, variant],
  );

  // a capture dropped anywhere on the page (with its kernel-sample CSV if dropped together)
  const dropFiles = useCallback(
    (files: File[]): void => {
      setOpen(true);
      const t = pickFiles(files.filter((f) => isCaptureFile(f) || /\.csv$/i.test(f.name)));
      if (typeof t === 'string') setFailure(t);
      else load(t);
    },
    [load],
  );
  useEffect(() => onCaptureDrop(document, dropFiles), [dropFiles]);

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

  const beside = since !== false && runs !== null && runs !== since;
  const byKey = useMemo(() => new Map((runs?.runs ?? []).flatMap((r) => (measures.has(r.result) ? [[r.key, measures.get(r.result) as SimulatedMeasure] as const] : []))), [runs, measures]);
  const set = useMemo(() => withCapture(runs, capture?.run ?? null, beside, byKey), [runs, capture, beside, byKey]);

  // The simulated runs beside the capture are measured in the worker, by the reconstruction the capture went through.
  const simulated = useMemo(() => (beside && runs ? runs.runs.filter((r) => !r.result.decimated) : []), [beside, runs]);
  useEffect(() => {
    const w = worker.current;
    if (!capture || !w || simulated.length === 0 || simulated.every((r) => measures.has(r.result))) return;
    asked.current = { ask: asked.current.ask + 1, results: simulated.map((r) => r.result) };
    const cols: SimulatedColumns[] = simulated.map((r, i) => {
      const t = r.result.trace;
      const f = r.scenario.flows[0];
      return { key: String(i), send: t.send, ack: t.ack, cwnd: t.cwnd, mssBytes: f.tcp.mssBytes, sack: f.tcp.sack };
    });
    w.postMessage({ kind: 'difference', id: capture.id, runs: cols, ask: asked.current.ask } satisfies TraceRequest);
  }, [capture, simulated, measures]);

  const simulate = (): void => {
    if (!capture || !fields) return;
    const { fit, problems } = checkFitFields(fields, capture.fit);
    setFieldProblems(problems);
    if (!fit) return;
    withChecks(({ parseScenario, formatError }) => {
      const parsed = parseScenario(fittedScenario(fit, variant, names.current.name));
      if (!parsed.ok) return setFieldProblems(parsed.errors.map(formatError));
      if (onSimulate(parsed.scenario)) setSince(runs);
    });
  };

  const close = (): void => {
    worker.current?.terminate();
    worker.current = null;
    setCapture(null);
    setImported(null);
    setSince(false);
    setMeasures(new Map());
  };

  const columns = (set?.runs ?? []).filter((r) => !isCaptured(r) && byKey.has(r.key)).map((r) => ({ label: r.label, rows: (byKey.get(r.key) as SimulatedMeasure).rows }));
  const notes = beside && runs && runs.runs.some((r) => r.result.decimated) ? ['Runs drawn from a display-reduced trace are left out of the summary.'] : [];
  const bar = capture ? (
    <CaptureBar
      capture={capture.run}
      summary={capture.summary}
      fit={capture.fit}
      connections={capture.connections}
      connection={capture.id}
      onConnection={(id) => {
        setBusy('Reconstructing…');
        worker.current?.postMessage({ kind: 'connection', id } satisfies TraceRequest);
      }}
      warnings={[...capture.summary.warnings, ...capture.kernelProblems.map((p) => `kernel samples: ${p}`)]}
      fields={fields}
      onFields={setFields}
      variant={variant}
      onVariant={setVariant}
      problems={fieldProblems}
      onSimulate={simulate}
      simulated={beside}
      difference={columns.length > 0 ? { columns, notes } : null}
      onImport={() => setOpen(true)}
      onClose={close}
    />
  ) : null;

  const element = (
    <TraceView
      open={open}
      onClose={() => setOpen(false)}
      busy={busy}
      failure={failure}
      imported={imported}
      onFile={load}
      onFailure={setFailure}
      onExample={(ex) => void loadExample(ex)}
    />
  );
  return { openView: () => setOpen(true), element, bar, set, dropFiles };
}
