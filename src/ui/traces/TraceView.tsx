/**
 * Importing a captured trace: the dialog where a capture is chosen (file picker, drag-and-drop
 * or an example), and the pieces of "Simulate this path" (the editable fit, the difference
 * table). What was imported is drawn by the app's own panels as a run named "captured — FILE"
 * (useTraceImport.tsx, CaptureBar.tsx); it never reaches the URL, only the fitted scenario can.
 */
import { useId } from 'react';
import { useModalDialog } from '../shell/useModalDialog.ts';
import type { PathFit } from '../../traces/fit.ts';
import { pathBaseRttMs } from '../../traces/fit.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { DifferenceRow } from '../../traces/compare.ts';
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

export interface Imported {
  name: string;
  format: string | null;
  packets: number;
  messages: string[];
  connections: Array<{ id: number; summary: ConnectionSummary }>;
  kernelProblems: string[];
}

/** Editable fit fields, as the user types them. */
export interface FitFields {
  rateMbps: string;
  rttMs: string;
  buffer: string;
  lossPct: string;
}

export const fmt = (v: number | null, digits = 3): string => (v === null || !Number.isFinite(v) ? '—' : Math.abs(v) >= 1000 ? v.toFixed(0) : v.toPrecision(digits));

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

export function fieldsOf(fit: PathFit): FitFields {
  return {
    rateMbps: String(Math.round(fit.rateBps / 1e3) / 1e3),
    rttMs: String(Math.round(fit.baseRttMs * 100) / 100),
    buffer: String(fit.bufferPackets),
    lossPct: String(Math.round(fit.randomLossRate * 1e5) / 1e3),
  };
}

interface Props {
  open: boolean;
  onClose: () => void;
  busy: string | null;
  failure: string | null;
  imported: Imported | null;
  onFile: (t: TraceFile) => void;
  onFailure: (message: string) => void;
  onExample: (ex: (typeof TRACE_EXAMPLES)[number]) => void;
}

/** The import dialog: choose a capture (and its kernel samples) or an example; once read, the app draws it and this closes. */
export function TraceView({ open, onClose, busy, failure, imported, onFile, onFailure, onExample }: Props) {
  const dialog = useModalDialog(open);
  const fileId = useId();
  return (
    <dialog ref={dialog} className="trace-view" aria-labelledby="trace-view-title" data-testid="trace-view" onClose={onClose}>
      <div className="trace-head">
        <h2 id="trace-view-title">Import a captured trace</h2>
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
            if (typeof t === 'string') onFailure(t);
            else onFile(t);
            e.target.value = '';
          }}
        />
        <span className="trace-or">or drop one on the page, or an example:</span>
        {TRACE_EXAMPLES.map((ex) => (
          <button key={ex.name} type="button" data-testid={`trace-example-${ex.name}`} onClick={() => onExample(ex)}>
            {ex.label}
          </button>
        ))}
      </div>
      <p className="trace-status" role="status" aria-live="polite" data-testid="trace-status">
        {busy ?? (imported ? `${imported.name}: ${imported.packets} packets, ${imported.connections.length} TCP connection${imported.connections.length === 1 ? '' : 's'} (${imported.format})` : 'The capture is drawn in the panels as “captured — FILE”; it stays on this page and is never put in a link.')}
      </p>
      {failure ? (
        <p className="trace-problem" role="alert" data-testid="trace-failure">
          {failure}
        </p>
      ) : null}
      {imported && imported.messages.length > 0 ? (
        <ul className="trace-messages" data-testid="trace-messages">
          {imported.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
    </dialog>
  );
}

export function FitInput({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  const id = useId();
  return (
    <div className="trace-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} data-testid={testId} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** The difference summary: the captured connection against each simulated run beside it, measured by the same reconstruction. */
export function Difference({ capLabel, columns, notes }: { capLabel: string; columns: { label: string; rows: DifferenceRow[] }[]; notes: string[] }) {
  const rows = columns[0]?.rows ?? [];
  return (
    // a region of its own that the keyboard can reach: the table scrolls sideways on a phone
    <div className="trace-difference metrics" data-testid="trace-difference" role="region" aria-label="Captured vs simulated" tabIndex={0}>
      <table>
        <caption>Captured vs simulated</caption>
        <thead>
          <tr>
            <th scope="col">measure</th>
            <th scope="col" className="num">
              {capLabel}
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="num">
                {c.label}
              </th>
            ))}
            <th scope="col">unit</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.measure}>
              <th scope="row">{r.measure}</th>
              <td className="num">{fmt(r.real)}</td>
              {columns.map((c) => (
                <td key={c.label} className="num">
                  {fmt(c.rows[i]?.simulated ?? null)}
                </td>
              ))}
              <td>{r.unit}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="footnote">Both sides measured by the same reconstruction. Window: the captured connection’s bytes in flight (RFC 6675 pipe), the simulator’s cwnd.</p>
      {notes.map((p) => (
        <p key={p} className="trace-problem">
          {p}
        </p>
      ))}
    </div>
  );
}
