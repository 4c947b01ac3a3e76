/**
 * Export and import: the shown run's trace as CSV (one file per compared variant), the
 * scenario as JSON, any chart as SVG or PNG, and a scenario file to load. The file formats are
 * UI-B's (src/ui/export); this menu only wires them to buttons.
 */
import { useId, useState } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { downloadBlob, downloadText } from '../export/download.ts';
import { importScenarioFile, scenarioFilename, scenarioJson } from '../export/scenarioFile.ts';
import { panelToPngBlob, panelToSvgString } from '../export/svg.ts';
import { traceExport } from '../export/traceFile.ts';
import { safeFilename } from '../export/download.ts';
import type { RunSet } from '../state/runSet.ts';
import { decodeText } from '../../scenario/jsonText.ts';

interface Props {
  set: RunSet | null;
  scenario: Scenario | null;
  onImport: (scenario: Scenario, notes: string[]) => void;
  onProblems: (problems: string[]) => void;
  onNotice: (message: string | null) => void;
  /** Opens the captured-trace view (src/ui/traces); absent: no entry. */
  onImportTrace?: () => void;
}

const CHARTS = [
  { id: 'cwnd-chart', label: 'Congestion window' },
  { id: 'queue-chart', label: 'Queue' },
  { id: 'timeseq-chart', label: 'Time–sequence' },
  { id: 'path-chart', label: 'Path' },
];

export function ExportMenu({ set, scenario, onImport, onProblems, onNotice, onImportTrace }: Props) {
  const fileId = useId();
  const chartId = useId();
  const [chart, setChart] = useState(CHARTS[0].id);
  const chartEl = (): SVGSVGElement | null => document.getElementById(chart) as SVGSVGElement | null;
  const name = safeFilename(scenario?.name ?? 'tcp-lab');

  const exportSvg = (): void => {
    const el = chartEl();
    if (!el) return onNotice('That chart is not on screen: show its panel first.');
    downloadText(`${name}-${chart}.svg`, 'image/svg+xml', panelToSvgString(el));
  };
  const exportPng = async (): Promise<void> => {
    const el = chartEl();
    if (!el) return onNotice('That chart is not on screen: show its panel first.');
    try {
      downloadBlob(`${name}-${chart}.png`, await panelToPngBlob(el));
    } catch (e) {
      onNotice(`The PNG could not be made: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const importFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    // bytes, not file.text(): UTF-16 is decoded and other non-UTF-8 text is named, not misread
    const text = decodeText(new Uint8Array(await file.arrayBuffer()), 'the file');
    const r = text.ok ? importScenarioFile(text.text) : { scenario: null, problems: [text.message] };
    if (r.scenario) onImport(r.scenario, r.problems);
    else onProblems([`${file.name} was not loaded:`, ...r.problems]);
  };

  return (
    <details className="menu export-menu">
      <summary>Export</summary>
      <div className="menu-body">
        {set?.runs.map((r) => (
          <button
            key={r.key}
            type="button"
            data-testid={`export-csv-${r.key}`}
            onClick={() => {
              const t = traceExport(r.scenario, r.result);
              downloadText(t.filename.replace(/\.csv$/, r.variant ? `-${r.variant}.csv` : '.csv'), 'text/csv', t.csv);
              onNotice(t.warning);
            }}
          >
            Trace CSV{r.label ? ` (${r.label})` : ''}
          </button>
        ))}
        <button type="button" data-testid="export-json" disabled={!scenario} onClick={() => scenario && downloadText(scenarioFilename(scenario), 'application/json', scenarioJson(scenario))}>
          Scenario JSON
        </button>
        <div className="menu-row">
          <label htmlFor={chartId}>Chart</label>
          <select id={chartId} value={chart} onChange={(e) => setChart(e.target.value)}>
            {CHARTS.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
          <button type="button" data-testid="export-svg" onClick={exportSvg}>
            SVG
          </button>
          <button type="button" data-testid="export-png" onClick={() => void exportPng()}>
            PNG
          </button>
        </div>
        <label htmlFor={fileId} className="file-button">
          Import scenario JSON…
        </label>
        <input id={fileId} data-testid="import-json" type="file" accept=".json,application/json" className="visually-hidden" onChange={(e) => void importFile(e.target.files?.[0])} />
        {onImportTrace ? (
          <button
            type="button"
            data-testid="import-trace"
            onClick={(e) => {
              (e.currentTarget.closest('details') as HTMLDetailsElement | null)?.removeAttribute('open');
              onImportTrace();
            }}
          >
            Import capture…
          </button>
        ) : null}
      </div>
    </details>
  );
}
