/**
 * The capture import once asked for (lateTraceImport.ts): runs useTraceImport, draws its dialog
 * here and its bar in the slot the app gives it, and reports the run set with the capture.
 */
import { useEffect, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Scenario } from '../../scenario/schema.ts';
import type { RunSet } from '../state/runSet.ts';
import { useTraceImport } from './useTraceImport.tsx';

export interface HostProps {
  runs: RunSet | null;
  onSimulate: (scenario: Scenario) => boolean;
  /** What brought the import in: files dropped on the page, or the menu (null: open the dialog). */
  start: { files: File[] | null };
  /** The run set with the capture while there is one; null without. */
  onCaptureSet: (set: { set: RunSet | null } | null) => void;
  openRef: RefObject<(() => void) | null>;
  barSlot: HTMLElement | null;
}

export function TraceImportHost({ runs, onSimulate, start, onCaptureSet, openRef, barSlot }: HostProps) {
  const t = useTraceImport(runs, onSimulate);
  const captured = t.bar !== null;
  const shown = captured ? t.set : null;
  useEffect(() => onCaptureSet(captured ? { set: shown } : null), [captured, shown, onCaptureSet]);
  useEffect(() => {
    openRef.current = t.openView;
  });
  // what brought it in is done once, when it arrives
  useEffect(() => {
    if (start.files) t.dropFiles(start.files);
    else t.openView();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      {t.element}
      {barSlot && t.bar ? createPortal(t.bar, barSlot) : null}
    </>
  );
}
