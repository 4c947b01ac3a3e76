/**
 * The caption line under the transport: when the cursor is stopped on a congestion event of
 * the run that drives stepping, what happened there in words (./captions.ts); while the pointer
 * is on an event marker in any chart, that event's caption instead (every run: compare mode
 * names the variant). Polite live region: a screen reader hears each step's caption.
 */
import { useStore } from '../state/store.ts';
import { answerMask, maskCaption } from '../state/answerMask.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import type { RunEvents } from '../state/eventTimes.ts';
import { useLate } from '../state/lateModule.ts';
import type { caption as Caption } from './captions.ts';
import { chartHover } from './hover.ts';
import { lateEvents } from './late.ts';
import { withTerms } from './Term.tsx';

interface Props {
  driving: RunEvents | null;
  all: readonly RunEvents[];
}

interface Line {
  key: string;
  text: string;
}

/** Captions of the events within toleranceS of tS; each names its variant, so compare mode needs no prefix. */
function linesAt(caption: typeof Caption, runs: readonly RunEvents[], tS: number, toleranceS: number): Line[] {
  const out: Line[] = [];
  for (const r of runs) for (const e of r.events) if (Math.abs(e.tS - tS) <= toleranceS) out.push({ key: `${r.key}/${e.flow}/${e.kind}/${e.tNs}`, text: caption(r.facts, e) });
  return out;
}

/** At most this many lines: a dense spot under the pointer would otherwise push the stage down. */
const MAX_LINES = 3;

export function EventCaption({ driving, all }: Props) {
  const { playback } = useTimeAxis();
  const p = useStore(playback);
  const hover = useStore(chartHover);
  // the captions' code comes with the events (./late.ts): there are no events to caption before it
  const caption = useLate(lateEvents)?.caption;
  const hovered = hover && caption ? linesAt(caption, all, hover.tS, hover.toleranceS) : [];
  const lines = hovered.length > 0 || !caption ? hovered : !p.playing && driving ? linesAt(caption, [driving], p.tS, 1e-9) : [];
  // a lesson question's quantity stays out of the caption until it is answered
  const masked = useStore(answerMask);
  const shown = lines.slice(0, MAX_LINES).map((l) => (masked.size > 0 ? { ...l, text: maskCaption(l.text, masked) } : l));
  return (
    <div className="event-caption" data-testid="event-caption" aria-live="polite" aria-atomic="true">
      {shown.map((l) => (
        <p key={l.key}>{withTerms(l.text)}</p>
      ))}
      {lines.length > MAX_LINES ? <p className="more">{`and ${lines.length - MAX_LINES} more here: zoom in to tell them apart`}</p> : null}
    </div>
  );
}
