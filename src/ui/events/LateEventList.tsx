/**
 * The event list (./EventList.tsx) as the shell places it: until the events' code is in
 * (./late.ts), a closed list of the same look whose count is still to come; opened meanwhile,
 * the list arrives open.
 */
import { useState, type ComponentProps } from 'react';
import { useLate } from '../state/lateModule.ts';
import type { EventList } from './EventList.tsx';
import { lateEvents } from './late.ts';

export function LateEventList(props: Omit<ComponentProps<typeof EventList>, 'initiallyOpen'>) {
  const late = useLate(lateEvents);
  const [opened, setOpened] = useState(false);
  if (late) return <late.EventList {...props} initiallyOpen={opened} />;
  // Opened in the click itself, not on the details' `toggle` event: that event comes a task
  // later, by when React may have put the real list in this node's place, and the open would be
  // lost with the old node (the toolbar's Lessons stand-in, lazyMenus.tsx, had the same race).
  // `onToggle` follows what else opens or closes it.
  return (
    <details className="event-list" data-testid="event-list" data-late="events" open={opened} onToggle={(e) => setOpened(e.currentTarget.open)}>
      <summary
        onClick={(e) => {
          e.preventDefault();
          setOpened(!opened);
        }}
      >
        Congestion events (…)
      </summary>
    </details>
  );
}
