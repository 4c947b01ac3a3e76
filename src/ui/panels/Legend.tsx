/** Legend swatches drawn with the same strokes and symbols as the charts. */
import * as d3 from 'd3';

type Swatch =
  | { kind: 'line'; colour: string; dashed?: boolean }
  | { kind: 'area'; colour: string; fill: string }
  | { kind: 'symbol'; shape: 'triangle' | 'diamond' | 'times'; colour: string };

const SHAPES = { triangle: d3.symbolTriangle, diamond: d3.symbolDiamond, times: d3.symbolTimes } as const;

function SwatchSvg({ s }: { s: Swatch }) {
  return (
    <svg width="30" height="16" viewBox="0 0 30 16" aria-hidden="true" className="swatch">
      {s.kind === 'line' ? (
        <line x1="2" x2="28" y1="8" y2="8" stroke={s.colour} strokeWidth="3" strokeDasharray={s.dashed ? '7 4' : undefined} />
      ) : s.kind === 'area' ? (
        <path d="M2 14V6H12V3H20V8H28V14Z" fill={s.fill} stroke={s.colour} strokeWidth="2" />
      ) : (
        <path
          d={d3.symbol(SHAPES[s.shape], s.shape === 'times' ? 70 : 90)() ?? ''}
          transform="translate(15,8)"
          fill={s.shape === 'times' ? 'none' : s.colour}
          stroke={s.shape === 'times' ? s.colour : 'none'}
          strokeWidth="2.5"
        />
      )}
    </svg>
  );
}

export function LegendItem({ swatch, label }: { swatch: Swatch; label: string }) {
  return (
    <li>
      <SwatchSvg s={swatch} />
      <span>{label}</span>
    </li>
  );
}
