/** Legend swatches drawn with the same strokes and symbols as the charts. */
import * as d3 from 'd3';
import { withTerms } from '../events/Term.tsx';

type Swatch =
  | { kind: 'line'; colour: string; dashed?: boolean | string; thin?: boolean }
  | { kind: 'area'; colour: string; fill: string }
  | { kind: 'band'; colour: string }
  | { kind: 'dot'; colour: string }
  | { kind: 'symbol'; shape: 'triangle' | 'diamond' | 'times'; colour: string };

const SHAPES = { triangle: d3.symbolTriangle, diamond: d3.symbolDiamond, times: d3.symbolTimes } as const;

export function SwatchSvg({ s }: { s: Swatch }) {
  return (
    <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" className="swatch">
      {s.kind === 'line' ? (
        <line
          x1="2"
          x2="28"
          y1="8"
          y2="8"
          style={{ stroke: s.colour }}
          strokeWidth={s.thin ? 2 : 3}
          strokeDasharray={s.dashed === true ? '7 4' : s.dashed || undefined}
        />
      ) : s.kind === 'area' ? (
        <path d="M2 14V6H12V3H20V8H28V14Z" style={{ fill: s.fill, stroke: s.colour }} strokeWidth="2" />
      ) : s.kind === 'band' ? (
        <rect x="4" y="1" width="22" height="14" style={{ fill: s.colour }} opacity="0.45" />
      ) : s.kind === 'dot' ? (
        <circle cx="15" cy="8" r="4.5" style={{ fill: s.colour }} />
      ) : (
        <path
          d={d3.symbol(SHAPES[s.shape], s.shape === 'times' ? 70 : 90)() ?? ''}
          transform="translate(15,8)"
          style={{ fill: s.shape === 'times' ? 'none' : s.colour, stroke: s.shape === 'times' ? s.colour : 'none' }}
          strokeWidth="2.5"
        />
      )}
    </svg>
  );
}

/** `waiting`: a series still to come (a comparison filling in), listed faded so the legend keeps its size. */
export function LegendItem({ swatch, label, waiting = false }: { swatch: Swatch; label: string; waiting?: boolean }) {
  return (
    <li className={waiting ? 'waiting' : undefined}>
      <SwatchSvg s={swatch} />
      <span>{withTerms(label)}</span>
    </li>
  );
}
