/**
 * Runs a scenario in the worker whenever it changes. Every request gets a run id and only the
 * newest id may write state, so a slow stale run can never overwrite a newer picture.
 */
import { useEffect, useRef, useState } from 'react';
import type { Scenario } from '../../scenarios/schema.ts';
import { isSuperseded, type SimClient } from '../../worker/client.ts';
import type { RunOutput } from '../../worker/protocol.ts';

/** A safety cap so a scenario that explodes cannot keep the worker busy for minutes. */
export const MAX_EVENTS = 20_000_000;

export interface Shown {
  scenario: Scenario;
  result: RunOutput;
  wallMs: number;
}

export interface SimulationState {
  /** The last finished run: kept on screen while a newer one runs or after one fails. */
  shown: Shown | null;
  running: boolean;
  error: string | null;
}

export function useSimulation(client: SimClient | null, scenario: Scenario | null): SimulationState & { dismissError: () => void } {
  const [state, setState] = useState<SimulationState>({ shown: null, running: false, error: null });
  const latestRun = useRef(0);

  useEffect(() => {
    if (!client || !scenario) return;
    const runId = ++latestRun.current;
    const started = performance.now();
    setState((s) => ({ ...s, running: true }));
    client.run(scenario, { maxEvents: MAX_EVENTS }).then(
      (result) => {
        if (runId !== latestRun.current) return;
        setState({ shown: { scenario, result, wallMs: performance.now() - started }, running: false, error: null });
      },
      (e: unknown) => {
        if (runId !== latestRun.current || isSuperseded(e)) return;
        const message = e instanceof Error ? e.message : String(e);
        setState((s) => ({ ...s, running: false, error: message }));
      },
    );
  }, [client, scenario]);

  const dismissError = (): void => setState((s) => ({ ...s, error: null }));
  return { ...state, dismissError };
}
