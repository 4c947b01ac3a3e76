/**
 * Compare mode: pick up to six variants to run on the same scenario and seed (each replaces
 * every flow's variant, see state/runSet.ts), and whether to overlay them or draw small multiples.
 */
import { useId } from 'react';
import { DASHES, distinctColours } from '../../catalogue/palette.ts';
import { variantLabel } from '../../catalogue/format.ts';
import { useVariantDescription } from '../controls/variantNotes.ts';

interface Props {
  variants: readonly string[];
  selected: readonly string[];
  max: number;
  layout: 'overlay' | 'multiples';
  onChange: (selected: string[]) => void;
  onLayout: (layout: 'overlay' | 'multiples') => void;
}

export function ComparePicker({ variants, selected, max, layout, onChange, onLayout }: Props) {
  const id = useId();
  const variantDescription = useVariantDescription();
  const colours = distinctColours(selected);
  const toggle = (v: string, on: boolean): void => {
    // keep the order the variants were picked in: it fixes each one's colour and dash
    onChange(on ? [...selected, v].slice(0, max) : selected.filter((x) => x !== v));
  };
  return (
    <details className="menu compare-menu" data-testid="compare-menu">
      <summary>
        Compare
        {selected.length > 0 ? (
          <>
            <span className="wide-only">: {selected.map(variantLabel).join(', ')}</span>
            <span className="phone-only"> ({selected.length})</span>
          </>
        ) : null}
      </summary>
      <div className="menu-body">
        <fieldset>
          <legend>Variants to compare (up to {max})</legend>
          {variants.map((v) => {
            const i = selected.indexOf(v);
            return (
              <label key={v} className="check" title={variantDescription(v)}>
                <input type="checkbox" data-testid={`compare-${v}`} checked={i >= 0} disabled={i < 0 && selected.length >= max} onChange={(e) => toggle(v, e.target.checked)} />
                {i >= 0 ? (
                  <svg width="28" height="10" aria-hidden="true">
                    <line x1="1" x2="27" y1="5" y2="5" style={{ stroke: colours[i] }} strokeWidth="3" strokeDasharray={DASHES[i % DASHES.length] ?? undefined} />
                  </svg>
                ) : null}
                {variantLabel(v)}
              </label>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>Layout</legend>
          {(['overlay', 'multiples'] as const).map((l) => (
            <label key={l} className="check">
              <input type="radio" name={`${id}-layout`} data-testid={`layout-${l}`} checked={layout === l} onChange={() => onLayout(l)} />
              {l === 'overlay' ? 'Overlay (one chart)' : 'Small multiples'}
            </label>
          ))}
        </fieldset>
        {selected.length > 0 ? (
          <button type="button" onClick={() => onChange([])}>
            Stop comparing
          </button>
        ) : null}
      </div>
    </details>
  );
}
