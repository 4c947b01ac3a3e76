/**
 * Pieces every time panel shares: a chart per group of runs (one chart overlaid, or small
 * multiples titled by run), and a select for which link or flow a panel shows.
 */
import { useId, useState, type ReactNode } from 'react';
import { ChartSvg, type ChartSvgProps } from './ChartSvg.tsx';

interface MultiplesProps<T> extends Omit<ChartSvgProps<T>, 'data' | 'id' | 'label'> {
  /** Chart ids: `${idPrefix}-chart` for the first, `${idPrefix}-chart-1` … for the others. */
  idPrefix: string;
  groups: readonly { key: string; input: T }[];
  /** Title of the i-th small multiple (shown only when there are several). */
  titleOf: (i: number) => ReactNode;
  /** Screen-reader text of the i-th chart. */
  labelOf: (i: number) => string;
}

export function ChartMultiples<T>({ idPrefix, groups, titleOf, labelOf, ...chart }: MultiplesProps<T>) {
  return (
    <>
      {groups.map((g, i) => (
        // keyed by position, like the ids: an overlay's group key names its runs, and a comparison
        // filling in would otherwise remount (and redraw from nothing) its chart at each arrival
        <div key={i} className="multiple" data-group={g.key}>
          {groups.length > 1 ? <h3 className="multiple-title">{titleOf(i)}</h3> : null}
          <ChartSvg id={i === 0 ? `${idPrefix}-chart` : `${idPrefix}-chart-${i}`} data={g.input} label={labelOf(i)} reveal {...chart} />
        </div>
      ))}
    </>
  );
}

interface PickerProps {
  id: string;
  label: string;
  testId?: string;
  /** Shown as options, by position: each its label, else its id. */
  items: readonly { id: string; label?: string }[];
  value: number;
  onChange: (index: number) => void;
}

/** Choose one of several links or flows; renders nothing when there is only one. */
export function ItemPicker({ id, label, testId, items, value, onChange }: PickerProps) {
  if (items.length <= 1) return null;
  return (
    <div className="panel-tools">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {items.map((item, i) => (
          <option key={item.id} value={i}>
            {item.label ?? item.id}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The picker's state: which of `count` items is shown (the first again when a new run has fewer)
 * and the select's id.
 */
export function usePick(count: number): { id: string; shown: number; setPick: (index: number) => void } {
  const [pick, setPick] = useState(0);
  const id = useId();
  return { id, shown: pick < count ? pick : 0, setPick };
}
