/**
 * Chooses the screen from the URL: the experiments view for `#experiment=…`, the main view
 * otherwise. A run opened from an experiment shows a bar leading back to it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { App } from '../App.tsx';
import { useLate } from '../state/lateModule.ts';
import { lateReturnBar, returnBarWanted } from './lateReturnBar.ts';
import './entry.css';

/** Mirrors route.ts's prefix; kept here so the main bundle does not load the experiments code. */
const isExperimentHash = (hash: string): boolean => hash.replace(/^#/, '').startsWith('experiment=');

const ExperimentsView = lazy(() => import('./ExperimentsView.tsx').then((m) => ({ default: m.ExperimentsView })));
/** `#validation`: the "How do we know?" page (its own chunk, like the experiments). */
const isValidationHash = (hash: string): boolean => hash.replace(/^#/, '') === 'validation';
const ValidationView = lazy(() => import('../validation/ValidationView.tsx').then((m) => ({ default: m.ValidationView })));

export function Root() {
  const [experiments, setExperiments] = useState(() => isExperimentHash(location.hash));
  const [validation, setValidation] = useState(() => isValidationHash(location.hash));
  useEffect(() => {
    const onHash = (): void => {
      const apply = (): void => {
        setExperiments(isExperimentHash(location.hash));
        setValidation(isValidationHash(location.hash));
      };
      // a run opened from an experiment shows with its bar, not with the bar arriving above it
      if (returnBarWanted(location.hash) && !lateReturnBar.get()) lateReturnBar.load().then(apply, apply);
      else apply();
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  // the experiments view opens runs: their bar is in before a click asks for one
  useEffect(() => {
    if (experiments) void lateReturnBar.load().catch(() => {});
  }, [experiments]);
  const bar = useLate(lateReturnBar);
  if (validation) {
    return (
      <Suspense fallback={<p className="empty-state">Loading the validation page…</p>}>
        <ValidationView />
      </Suspense>
    );
  }
  if (experiments) {
    return (
      <Suspense fallback={<p className="empty-state">Loading the experiments…</p>}>
        <ExperimentsView />
      </Suspense>
    );
  }
  return (
    <>
      {bar ? <bar.ReturnBar /> : null}
      <App />
    </>
  );
}
