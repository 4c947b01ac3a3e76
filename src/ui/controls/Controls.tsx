import { useEffect, useId, useState } from 'react';
import { formatRate, parseSeed, RATE_MAX_MBPS, RATE_MIN_MBPS, RATE_STEP_MBPS, snapRate, type Controls } from '../state/controls.ts';
import { variantLabel } from '../format.ts';

interface Props {
  value: Controls;
  variants: readonly string[];
  onChange: (next: Controls) => void;
}

export function ControlsPanel({ value, variants, onChange }: Props) {
  return (
    <section className="panel controls" aria-labelledby="controls-title">
      <h2 id="controls-title">Scenario</h2>
      <VariantSelect value={value.variant} variants={variants} onChange={(variant) => onChange({ ...value, variant })} />
      <RateSlider value={value.rateMbps} onChange={(rateMbps) => onChange({ ...value, rateMbps })} />
      <SeedField value={value.seed} onChange={(seed) => onChange({ ...value, seed })} />
    </section>
  );
}

function VariantSelect({ value, variants, onChange }: { value: string; variants: readonly string[]; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>TCP variant</label>
      <select id={id} data-testid="variant" value={value} onChange={(e) => onChange(e.target.value)}>
        {variants.map((v) => (
          <option key={v} value={v}>
            {variantLabel(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

function RateSlider({ value, onChange }: { value: number; onChange: (mbps: number) => void }) {
  const id = useId();
  return (
    <div className="field">
      {/* The value sits beside the label, not in it, so the slider's name stays "Bottleneck rate". */}
      <div className="label-row">
        <label htmlFor={id}>Bottleneck rate</label>
        <output htmlFor={id}>{formatRate(value)}</output>
      </div>
      <input
        id={id}
        data-testid="rate"
        type="range"
        min={RATE_MIN_MBPS}
        max={RATE_MAX_MBPS}
        step={RATE_STEP_MBPS}
        value={value}
        aria-valuetext={formatRate(value)}
        onChange={(e) => onChange(Number(snapRate(Number(e.target.value)).toFixed(1)))}
      />
      <div className="range-ends" aria-hidden="true">
        <span>{formatRate(RATE_MIN_MBPS)}</span>
        <span>{formatRate(RATE_MAX_MBPS)}</span>
      </div>
    </div>
  );
}

/** Random seeds come from Math.random on purpose: the UI picks one, the engine stays deterministic. */
const randomSeed = (): number => Math.floor(Math.random() * 1_000_000);

function SeedField({ value, onChange }: { value: number; onChange: (seed: number) => void }) {
  const id = useId();
  const errId = useId();
  const [draft, setDraft] = useState(String(value));
  // Follow outside changes (the "new" button) without clobbering a half-typed invalid draft.
  useEffect(() => setDraft(String(value)), [value]);
  const parsed = parseSeed(draft);
  const update = (text: string): void => {
    setDraft(text);
    const p = parseSeed(text);
    if (p.ok && p.seed !== value) onChange(p.seed);
  };
  return (
    <div className="field">
      <label htmlFor={id}>Random seed</label>
      <div className="seed-row">
        <input
          id={id}
          data-testid="seed"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          aria-invalid={!parsed.ok}
          aria-describedby={parsed.ok ? undefined : errId}
          onChange={(e) => update(e.target.value)}
        />
        <button type="button" onClick={() => update(String(randomSeed()))}>
          New seed
        </button>
      </div>
      {parsed.ok ? null : (
        <p id={errId} className="field-error">
          Seed must be {parsed.message}.
        </p>
      )}
    </div>
  );
}
