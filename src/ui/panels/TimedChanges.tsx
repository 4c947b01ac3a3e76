/**
 * Timed changes on screen (src/ui/state/liveEdit.ts makes them): the markers every time chart
 * shows on its time axis (ChangeMarkers, stacked on ChartSvg like the cursor layer, so chart
 * drawing code knows nothing of them). The strip under the transport that lists the changes is
 * LiveEditBar.tsx, which loads after the first chart; its styles are here, in the first load, so
 * its stand-in has them too.
 */
import { createContext, useContext } from 'react';
import { MARGIN, timeScale } from '../charts/frame.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import './timedChanges.css';

export interface ChangeMark {
  atS: number;
  /** A few words on the marker: `1 Mb/s`. */
  label: string;
  /** The whole sentence, for the tooltip. */
  title: string;
}

/** The scenario's changes as markers (./changeMarks.ts), provided once by the App for every time chart. */
export const ChangeMarksContext = createContext<readonly ChangeMark[]>([]);

/** Labels closer than this would overlap: the later marker keeps its line and tooltip only. */
const LABEL_GAP_PX = 76;

/** The changes' markers over one time chart `width` × `height` (plot area only). */
export function ChangeMarkers({ width, height }: { width: number; height: number }) {
  const marks = useContext(ChangeMarksContext);
  const { windowS } = useTimeAxis();
  if (marks.length === 0 || width <= 0) return null;
  const x = timeScale(windowS, width);
  let lastLabelPx = -Infinity;
  const shown = marks
    .filter((m) => m.atS >= windowS[0] && m.atS <= windowS[1])
    .map((m) => {
      const px = x(m.atS);
      const labelled = px - lastLabelPx >= LABEL_GAP_PX;
      if (labelled) lastLabelPx = px;
      return { ...m, px, labelled };
    });
  return (
    <div className="change-markers" aria-hidden="true" data-testid="change-markers" style={{ top: MARGIN.top, height: Math.max(0, height - MARGIN.top - MARGIN.bottom) }}>
      {shown.map((m) => (
        <div key={`${m.atS}-${m.title}`} className="change-marker" style={{ left: m.px }} title={m.title}>
          {m.labelled ? <span className={m.px > width - MARGIN.right - LABEL_GAP_PX ? 'flip' : undefined}>{m.label}</span> : null}
        </div>
      ))}
    </div>
  );
}
