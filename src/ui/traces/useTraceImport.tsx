/**
 * The trace view's hook-in: open state, and drag-and-drop of a capture anywhere on the page (a
 * dropped .pcap/.pcapng/.cap, with its kernel-sample CSV if dropped together, opens the view with
 * it; other drops are left alone). The App renders
 * `element` once and gives `openView` to the Export menu's "Import capture…".
 */
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { parseScenario, formatError } from '../../scenario/validate.ts';
import type { Scenario } from '../../scenario/schema.ts';
import type { TraceFile } from './TraceView.tsx';

// The view (its chart, fitting and worker plumbing) is its own chunk: a first visit does not load it.
const traceView = () => import('./TraceView.tsx');
const TraceView = lazy(() => traceView().then((m) => ({ default: m.TraceView })));

const CAPTURE_NAME = /\.(pcap|pcapng|cap|dmp)$/i;

export function isCaptureFile(f: { name: string; type: string }): boolean {
  return CAPTURE_NAME.test(f.name) || f.type === 'application/vnd.tcpdump.pcap';
}

export function useTraceImport(onScenario: (scenario: Scenario, notes: string[]) => void, onProblems: (lines: string[]) => void): { openView: () => void; element: ReactNode } {
  const [open, setOpen] = useState(false);
  const [dropped, setDropped] = useState<TraceFile | null>(null);

  useEffect(() => {
    const hasFiles = (e: DragEvent): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const over = (e: DragEvent): void => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent): void => {
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (!files.some(isCaptureFile)) return;
      e.preventDefault();
      void traceView().then(({ pickFiles }) => {
        const t = pickFiles(files.filter((f) => isCaptureFile(f) || /\.csv$/i.test(f.name)));
        if (typeof t !== 'string') setDropped(t);
        setOpen(true);
      });
    };
    document.addEventListener('dragover', over);
    document.addEventListener('drop', drop);
    return () => {
      document.removeEventListener('dragover', over);
      document.removeEventListener('drop', drop);
    };
  }, []);

  const openScenario = useCallback(
    (input: unknown) => {
      const r = parseScenario(input);
      setOpen(false);
      if (!r.ok) return onProblems(['The fitted scenario could not be opened:', ...r.errors.map(formatError)]);
      onScenario(r.scenario, ['This scenario was fitted to a captured connection; the capture itself is not part of the scenario or of its link.']);
    },
    [onScenario, onProblems],
  );

  // Mounted at the first opening and kept, so closing it works as before (the view clears itself).
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const element = opened ? (
    <Suspense fallback={null}>
      <TraceView
        open={open}
        onClose={() => {
          setOpen(false);
          setDropped(null);
        }}
        dropped={dropped}
        onOpenScenario={openScenario}
      />
    </Suspense>
  ) : null;
  return { openView: () => setOpen(true), element };
}
