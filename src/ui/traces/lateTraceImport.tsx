/**
 * The capture import (useTraceImport.tsx and its dialog, bar and reconstruction) loaded only when
 * asked for: Import capture… in the menu, or a capture dropped on the page. Until then the app
 * draws its own runs, and this hook only listens for a drop; afterwards TraceImportHost runs the
 * real hook and hands back the run set with the capture (one render after the runs it is built
 * from) and draws the capture's bar in a slot placed where the bar goes.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import type { RunSet } from '../state/runSet.ts';
import { onCaptureDrop } from './captureFile.ts';
import type { TraceImport } from './useTraceImport.tsx';

const Host = lazy(() => import('./TraceImportHost.tsx').then((m) => ({ default: m.TraceImportHost })));

export function useLateTraceImport(runs: RunSet | null, onSimulate: (scenario: Scenario) => boolean): Omit<TraceImport, 'dropFiles'> {
  const [start, setStart] = useState<{ files: File[] | null } | null>(null);
  const [withCapture, setWithCapture] = useState<{ set: RunSet | null } | null>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const openRef = useRef<(() => void) | null>(null);
  // a drop before the import is in brings it in with the files; afterwards the host listens
  useEffect(() => (start ? undefined : onCaptureDrop(document, (files) => setStart({ files }))), [start]);
  const openView = useCallback(() => {
    if (openRef.current) openRef.current();
    else setStart((s) => s ?? { files: null });
  }, []);
  const element = start ? (
    <Suspense fallback={null}>
      <Host runs={runs} onSimulate={onSimulate} start={start} onCaptureSet={setWithCapture} openRef={openRef} barSlot={slot} />
    </Suspense>
  ) : null;
  // the slot takes no box of its own, so the bar lays out as if placed here directly
  const bar = start ? <div className="capture-bar-slot" ref={setSlot} style={{ display: 'contents' }} /> : null;
  return { openView, element, bar, set: withCapture ? withCapture.set : runs };
}
