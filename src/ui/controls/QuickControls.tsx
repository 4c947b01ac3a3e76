/**
 * The classroom bar above the panels: the variant of every flow, the seed (typed, or the next
 * one with "New seed"), and the first path link's forward error model with its packet error
 * rate on a log slider. It edits the same scenario as the full controls (./quick.ts says how),
 * and applies an edit only if the whole scenario still validates, like ScenarioControls.
 */
import { useEffect, useId, useState } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { ErrorKindOptions } from './ErrorKindOptions.tsx';
import { VariantOptions } from './VariantOptions.tsx';
import { valueToPosition } from './sliderScale.ts';
import {
  commonVariant,
  errorKindOf,
  nextSeed,
  parseSeed,
  PER_MAX,
  PER_MIN,
  PER_SCALE,
  perAt,
  perOf,
  quickErrorLink,
  withErrorKind,
  withPer,
  withVariant,
  type QuickErrorKind,
} from './quick.ts';

interface Props {
  scenario: Scenario;
  variants: readonly string[];
  /** Called with a validated scenario only. */
  /** Validates and applies an edit (the app's model does both, once); returns the messages if it is not valid. */
  onChange: (next: Scenario) => string[];
}

/** PER as a person reads it: 1 %, 0.05 %, 0.01 %. */
export function formatPer(per: number): string {
  return `${Number((per * 100).toPrecision(2))} %`;
}

export function QuickControls({ scenario, variants, onChange }: Props) {
  const [errors, setErrors] = useState<string[]>([]);
  const apply = (next: Scenario): void => setErrors(onChange(next));
  const ids = { variant: useId(), seed: useId(), seedErr: useId(), errors: useId(), per: useId() };
  const variant = commonVariant(scenario);
  const kind = errorKindOf(scenario);
  const per = perOf(scenario);
  const link = scenario.path[quickErrorLink(scenario)]?.id ?? 'link 1';

  return (
    <section className="quick-bar" aria-label="Quick controls" data-testid="quick-controls">
      <div className="qc-field">
        <label htmlFor={ids.variant}>Variant</label>
        <select id={ids.variant} data-testid="quick-variant" value={variant ?? ''} onChange={(e) => apply(withVariant(scenario, e.target.value))} title="Congestion control of every flow">
          {variant === null ? (
            <option value="" disabled>
              mixed
            </option>
          ) : null}
          <VariantOptions names={variants} />
        </select>
      </div>
      <SeedField id={ids.seed} errId={ids.seedErr} seed={scenario.seed} onSeed={(seed) => apply({ ...scenario, seed })} />
      <div className="qc-field">
        <label htmlFor={ids.errors}>Errors on {link} →</label>
        <select
          id={ids.errors}
          data-testid="quick-errors"
          value={kind}
          onChange={(e) => apply(withErrorKind(scenario, e.target.value as QuickErrorKind))}
          title="Error model of the first link's forward direction (the full list is under Errors)"
        >
          <ErrorKindOptions custom={kind === 'custom'} />
        </select>
      </div>
      <div className="qc-field qc-per">
        <span className="qc-label-row">
          <label htmlFor={ids.per}>{kind === 'gilbert-elliott' || kind === 'on-off' ? 'PER in bad/ON state' : 'Packet error rate'}</label>
          <output htmlFor={ids.per} data-testid="quick-per-value">
            {per === null ? (kind === 'handoff' ? '99 % while off' : kind === 'none' ? 'no errors' : 'see Errors') : formatPer(per)}
          </output>
        </span>
        <input
          id={ids.per}
          data-testid="quick-per"
          type="range"
          min={0}
          max={PER_SCALE.positions}
          step={1}
          disabled={per === null}
          value={per === null ? 0 : valueToPosition(PER_SCALE, per)}
          aria-valuetext={per === null ? 'not applicable' : `${formatPer(per)} (log scale ${formatPer(PER_MIN)} … ${formatPer(PER_MAX)})`}
          onChange={(e) => apply(withPer(scenario, perAt(Number(e.target.value))))}
        />
      </div>
      {errors.length > 0 ? (
        <ul className="sc-errors" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SeedField({ id, errId, seed, onSeed }: { id: string; errId: string; seed: number; onSeed: (seed: number) => void }) {
  const [draft, setDraft] = useState(String(seed));
  // Follow outside changes (New seed, a preset, the full controls).
  useEffect(() => setDraft(String(seed)), [seed]);
  const parsed = parseSeed(draft);
  const type = (text: string): void => {
    setDraft(text);
    const p = parseSeed(text);
    if (p.ok && p.seed !== seed) onSeed(p.seed);
  };
  return (
    <div className="qc-field">
      <label htmlFor={id}>Seed</label>
      <span className="qc-seed">
        <input
          id={id}
          data-testid="quick-seed"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          size={10}
          aria-invalid={!parsed.ok}
          aria-describedby={parsed.ok ? undefined : errId}
          onChange={(e) => type(e.target.value)}
        />
        <button type="button" data-testid="quick-new-seed" onClick={() => onSeed(nextSeed(seed))} title="Another seed: the same experiment with other random draws">
          New seed
        </button>
      </span>
      {parsed.ok ? null : (
        <span id={errId} className="qc-error">
          Seed must be {parsed.message}.
        </span>
      )}
    </div>
  );
}
