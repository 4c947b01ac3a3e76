/**
 * The event list (./EventList.tsx) as the shell places it: until the events' code is in
 * (./late.ts), a closed list of the same look whose count is still to come; opened meanwhile,
 * the list arrives open.
 */
import { useState, type ComponentProps } from 'react';
import { StandInDetails } from '../shell/StandInDetails.tsx';
import { useLate } from '../state/lateModule.ts';
import type { EventList } from './EventList.tsx';
import { lateEvents } from './late.ts';

export function LateEventList(props: Omit<ComponentProps<typeof EventList>, 'initiallyOpen'>) {
  const late = useLate(lateEvents);
  const [opened, setOpened] = useState(false);
  if (late) return <late.EventList {...props} initiallyOpen={opened} />;
  return (
    <StandInDetails open={opened} onOpen={setOpened} className="event-list" testId="event-list" late="events">
      Congestion events (…)
    </StandInDetails>
  );
}
