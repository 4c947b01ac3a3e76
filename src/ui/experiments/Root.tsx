/**
 * Chooses the screen from the URL: the experiments view for `#experiment=…`, the main view
 * otherwise. A run opened from an experiment shows a bar leading back to it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { App } from '../App.tsx';
import { ReturnBar } from './ReturnBar.tsx';
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
      setExperiments(isExperimentHash(location.hash));
      setValidation(isValidationHash(location.hash));
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
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
      <ReturnBar />
      <App />
    </>
  );
}
