/**
 * The captured connection's bar above the panels: what it is (named as the panels name it), the
 * connection when the file holds several, "Simulate this path" with the fitted values to edit,
 * and the difference summary once simulated runs are drawn beside it. The panels themselves
 * draw the capture; nothing here is a chart.
 */
import { useId } from 'react';
import { VARIANTS } from '../../catalogue/variants.ts';
import type { DifferenceRow } from '../../traces/compare.ts';
import type { PathFit } from '../../traces/fit.ts';
import type { ConnectionSummary } from '../../traces/reconstruct.ts';
import type { VariantRun } from '../state/runSet.ts';
import { Difference, FitInput, fmt, type FitFields } from './TraceView.tsx';

interface Props {
  capture: VariantRun;
  summary: ConnectionSummary;
  fit: PathFit;
  connections: readonly { id: number; summary: ConnectionSummary }[];
  connection: number;
  onConnection: (id: number) => void;
  warnings: string[];
  fields: FitFields | null;
  onFields: (f: FitFields) => void;
  variant: string;
  onVariant: (v: string) => void;
  problems: string[];
  onSimulate: () => void;
  /** Simulated runs are drawn beside the capture. */
  simulated: boolean;
  difference: { columns: { label: string; rows: DifferenceRow[] }[]; notes: string[] } | null;
  onImport: () => void;
  onClose: () => void;
}

export function CaptureBar(p: Props) {
  const connId = useId();
  const variantId = useId();
  const s = p.summary;
  const { fields } = p;
  return (
    <section className="capture-bar" aria-label={`Captured connection: ${p.capture.label}`} data-testid="capture-bar">
      <div className="capture-head">
        <h2 className="capture-title" data-testid="capture-title">
          <span className="capture-swatch" aria-hidden="true" />
          {p.capture.label}
        </h2>
        <button type="button" onClick={p.onImport} data-testid="capture-import">
          Import another…
        </button>
        <button type="button" onClick={p.onClose} data-testid="capture-close">
          Close the capture
        </button>
      </div>
      <p className="trace-caption" data-testid="trace-caption">
        {s.client} → {s.server}, captured at the {s.captureSide === 'unknown' ? '(unknown)' : s.captureSide} side; data from the {s.dataSender}. {s.dataPackets} data packets, {s.retransmissions} retransmitted ({s.spuriousRetransmissions} spurious),{' '}
        {s.fastRecoveries} fast recoveries, {s.timeouts} timeouts; goodput {fmt(s.goodputBps / 1e6)} Mb/s over {fmt(s.durationS)} s; RTT min {fmt(s.rttMs.min)}, median {fmt(s.rttMs.median)}, p95 {fmt(s.rttMs.p95)} ms. Its window is the bytes in flight; it stays on this page and is never put in a link.
      </p>
      {p.warnings.length > 0 ? (
        <ul className="trace-messages" data-testid="capture-warnings">
          {p.warnings.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      {p.connections.length > 1 ? (
        <div className="trace-row">
          <label htmlFor={connId}>Connection</label>
          <select id={connId} data-testid="trace-connection" value={p.connection} onChange={(e) => p.onConnection(Number(e.target.value))}>
            {p.connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}: {c.summary.client} → {c.summary.server} ({c.summary.dataPackets} data packets)
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {fields ? (
        <details className="trace-fit-box" open={!p.simulated || p.problems.length > 0}>
          <summary>Simulate this path</summary>
          <fieldset className="trace-fit" data-testid="trace-fit">
            <legend className="visually-hidden">Fitted path</legend>
            <FitInput label="Bottleneck rate (Mb/s)" value={fields.rateMbps} onChange={(v) => p.onFields({ ...fields, rateMbps: v })} testId="fit-rate" />
            <FitInput label="Base RTT (ms)" value={fields.rttMs} onChange={(v) => p.onFields({ ...fields, rttMs: v })} testId="fit-rtt" />
            <FitInput label="Buffer (packets)" value={fields.buffer} onChange={(v) => p.onFields({ ...fields, buffer: v })} testId="fit-buffer" />
            <FitInput label="Random loss (%)" value={fields.lossPct} onChange={(v) => p.onFields({ ...fields, lossPct: v })} testId="fit-loss" />
            <div className="trace-field">
              <label htmlFor={variantId}>Variant</label>
              <select id={variantId} data-testid="fit-variant" value={p.variant} onChange={(e) => p.onVariant(e.target.value)}>
                {VARIANTS.map((v) => (
                  <option key={v.name} value={v.name}>
                    {v.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" data-testid="fit-run" onClick={p.onSimulate}>
              Simulate this path
            </button>
            {p.problems.length > 0 ? (
              <ul className="trace-problem" role="alert" data-testid="fit-problems">
                {p.problems.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            ) : null}
            <p className="trace-note">
              Fitted: rate from the median delivery rate, base RTT from the minimum RTT, buffer from the fullest queue’s RTT, random loss from retransmissions begun with the queue under ¾ full. TCP as captured: MSS {p.fit.mssBytes} B, initial window {p.fit.initialCwndSegments}, SACK {p.fit.sack ? 'on' : 'off'}, delayed ACKs{' '}
              {p.fit.delayedAck ? 'on' : 'off'}. The fitted scenario becomes the app’s scenario (editable, and what a share link carries); Compare ▾ adds more variants beside the capture.
            </p>
          </fieldset>
        </details>
      ) : null}
      {p.difference ? <Difference capLabel={p.capture.label} columns={p.difference.columns} notes={p.difference.notes} /> : null}
    </section>
  );
}
