/**
 * Every congestion event of the shown runs as a list, filtered by variant and kind: a click
 * jumps there (the clicked run then drives stepping, so its caption shows) and zooms to about
 * ±2 RTT around it. Collapsed by default: the caption line is what a class watches.
 */
import { useId, useMemo, useState } from 'react';
import type { RunEvents } from '../state/eventTimes.ts';
import { useTimeAxis } from '../state/timeAxis.ts';
import { caption, KIND_LABELS } from './captions.ts';
import { CONGESTION_EVENT_KINDS, type CongestionEventKind } from './congestionEvents.ts';
import './events.css';

interface Props {
  all: readonly RunEvents[];
  onPickRun: (key: string) => void;
  /** Opened already (its stand-in was opened before this code arrived: ./LateEventList.tsx). */
  initiallyOpen?: boolean;
}

/** A list longer than this shows its first rows only, with a count of the rest: narrow the filters. */
const MAX_ROWS = 400;
/** Half-width of the zoom window around a clicked event, in RTTs; fallback RTT when none was measured. */
const ZOOM_RTTS = 2;
const FALLBACK_RTT_S = 0.1;

export function EventList({ all, onPickRun, initiallyOpen = false }: Props) {
  const { playback, dispatch, setWindow } = useTimeAxis();
  const runId = useId();
  // rows are built only while the list is open, and never per animation frame
  const [open, setOpen] = useState(initiallyOpen);
  const [runKey, setRunKey] = useState<string>('all');
  const present = useMemo(() => new Set(all.flatMap((r) => r.events.map((e) => e.kind))), [all]);
  const [hidden, setHidden] = useState<ReadonlySet<CongestionEventKind>>(() => new Set(['recovery-end']));
  const rows = useMemo(
    () =>
      open
        ? all
            .filter((r) => runKey === 'all' || r.key === runKey)
            .flatMap((r) => r.events.filter((e) => !hidden.has(e.kind)).map((e) => ({ r, e })))
            .sort((a, b) => a.e.tNs - b.e.tNs)
            .map(({ r, e }) => ({ r, e, text: caption(r.facts, e) }))
        : [],
    [open, all, runKey, hidden],
  );
  const total = all.reduce((n, r) => n + r.events.length, 0);
  const jump = (r: RunEvents, tS: number): void => {
    onPickRun(r.key);
    const half = ZOOM_RTTS * (r.rttS ?? FALLBACK_RTT_S);
    setWindow([Math.max(0, tS - half), Math.min(playback.get().endS, tS + half)]);
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', tS });
  };
  const toggle = (k: CongestionEventKind): void =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  return (
    <details className="event-list" data-testid="event-list" open={initiallyOpen || undefined} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{`Congestion events (${total})`}</summary>
      <div className="filters" role="group" aria-label="Filter the events">
        {all.length > 1 ? (
          <label htmlFor={runId}>
            Variant
            <select id={runId} value={runKey} onChange={(e) => setRunKey(e.target.value)}>
              <option value="all">all</option>
              {all.map((r) => (
                <option key={r.key} value={r.key}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {CONGESTION_EVENT_KINDS.filter((k) => present.has(k)).map((k) => (
          <label key={k}>
            <input type="checkbox" checked={!hidden.has(k)} onChange={() => toggle(k)} />
            {KIND_LABELS[k]}
          </label>
        ))}
      </div>
      <ol aria-label="Congestion events, in time order">
        {rows.slice(0, MAX_ROWS).map(({ r, e, text }) => (
          <li key={`${r.key}/${e.flow}/${e.kind}/${e.tNs}`}>
            <button type="button" onClick={() => jump(r, e.tS)}>
              <span className="kind">{`${all.length > 1 ? `${r.label} ` : ''}${KIND_LABELS[e.kind]}`}</span> {text}
            </button>
          </li>
        ))}
      </ol>
      {rows.length > MAX_ROWS ? <p className="footnote">{`The first ${MAX_ROWS} of ${rows.length} shown: narrow the filters to see the rest.`}</p> : null}
    </details>
  );
}
