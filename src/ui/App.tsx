import { useEffect, useMemo, useState } from 'react';
import { listVariants } from '../engine/tcp/cc/registry.ts';
import { SimClient } from '../worker/client.ts';
import { ControlsPanel } from './controls/Controls.tsx';
import { CwndPanel } from './panels/CwndPanel.tsx';
import { ErrorBanner } from './panels/ErrorBanner.tsx';
import { MetricsTable } from './panels/MetricsTable.tsx';
import { QueuePanel } from './panels/QueuePanel.tsx';
import { DEFAULT_PRESET, loadPreset, validated } from './state/baseScenario.ts';
import { applyControls, controlsFrom, type Controls } from './state/controls.ts';
import { useDebounced } from './state/useDebounced.ts';
import { useSimulation } from './state/useSimulation.ts';
import { describeScenario } from './format.ts';

/** Long enough to coalesce a burst of arrow-key presses, short enough to feel immediate. */
const RERUN_DEBOUNCE_MS = 150;

const base = loadPreset(DEFAULT_PRESET);
const variants = listVariants().map((v) => v.name);

export function App() {
  // Lazy: the client starts its worker on the first run, so StrictMode's double mount is cheap.
  const [client] = useState(() => new SimClient());
  useEffect(() => () => client.dispose(), [client]);

  const [controls, setControls] = useState<Controls | null>(base.ok ? controlsFrom(base.scenario) : null);
  const settled = useDebounced(controls, RERUN_DEBOUNCE_MS);
  const edited = useMemo(() => (base.ok && settled ? validated(applyControls(base.scenario, settled)) : null), [settled]);
  const sim = useSimulation(client, edited?.ok ? edited.scenario : null);

  // Only a failed run can be dismissed; a broken scenario stays on screen until it is fixed.
  const scenarioProblem = !base.ok ? base.message : edited && !edited.ok ? edited.message : null;
  const shown = sim.shown;

  return (
    <div className="app">
      <header className="app-head">
        <h1>TCP Lab</h1>
        <p className="subtitle" title={base.ok ? base.description : undefined}>
          {base.ok ? <span className="preset-name">{base.title}</span> : null}
          {edited?.ok ? describeScenario(edited.scenario) : 'no scenario loaded'}
        </p>
        <p className="status" role="status" aria-live="polite" data-testid="status">
          {sim.running ? 'running…' : shown ? `ran in ${Math.round(shown.wallMs)} ms` : ''}
        </p>
      </header>
      {scenarioProblem ? <ErrorBanner message={scenarioProblem} /> : null}
      {sim.error ? <ErrorBanner message={sim.error} onDismiss={sim.dismissError} /> : null}
      <div className="layout">
        <aside>{controls ? <ControlsPanel value={controls} variants={variants} onChange={setControls} /> : null}</aside>
        <main className={sim.running ? 'panels stale' : 'panels'} aria-busy={sim.running}>
          {shown ? (
            <>
              <CwndPanel shown={shown} />
              <QueuePanel shown={shown} />
              <MetricsTable shown={shown} />
            </>
          ) : (
            <p className="empty-state">{sim.running ? 'Running the simulation…' : 'Nothing to show yet.'}</p>
          )}
        </main>
      </div>
    </div>
  );
}
