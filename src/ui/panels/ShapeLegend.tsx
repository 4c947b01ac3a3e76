/** A legend swatch for the symbol shapes Legend.tsx does not draw (▼, ■, ●, outlined marks), from the charts' own shape paths. */
import { withTerms } from '../events/Term.tsx';
import { shapePath, type ShapeName } from '../charts/bands.ts';

export function ShapeItem({ shape, fill, stroke, label }: { shape: ShapeName; fill: string; stroke?: string; label: string }) {
  const open = shape === 'times';
  return (
    <li>
      <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" className="swatch">
        <path d={shapePath(shape, 70)} transform="translate(15,8)" style={{ fill: open ? 'none' : fill, stroke: open ? fill : (stroke ?? 'none') }} strokeWidth={stroke || open ? 2 : 0} />
      </svg>
      <span>{withTerms(label)}</span>
    </li>
  );
}
