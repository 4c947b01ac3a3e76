/**
 * The caption line (./EventCaption.tsx) as the shell places it: it captions events, so it comes
 * with the events' code (./late.ts); until then the same empty line holds its place.
 */
import type { ComponentProps } from 'react';
import { useLate } from '../state/lateModule.ts';
import type { EventCaption } from './EventCaption.tsx';
import { lateEvents } from './late.ts';

export function LateEventCaption(props: ComponentProps<typeof EventCaption>) {
  const late = useLate(lateEvents);
  return late ? <late.EventCaption {...props} /> : <div className="event-caption" data-testid="event-caption" data-late="events" />;
}
