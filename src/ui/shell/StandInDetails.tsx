/**
 * A `<details>` standing in for a part whose code is still loading (the toolbar's Lessons menu,
 * the event list), opened and closed in React state so the part can arrive open.
 *
 * It opens in the summary's click itself, not on the details' `toggle` event: that event comes a
 * task after the click, by when React may have put the real part (or a new stand-in) in this
 * node's place, and the open would be lost with the old node (seen once in a busy browser test:
 * the real Lessons menu came in closed). `onToggle` follows what else opens or closes it
 * (useDismissMenus closes a menu on Escape or a click outside).
 */
import type { ReactNode } from 'react';

export function StandInDetails({ open, onOpen, className, testId, late, children }: { open: boolean; onOpen: (open: boolean) => void; className: string; testId: string; late: string; children: ReactNode }) {
  return (
    <details className={className} data-testid={testId} data-late={late} open={open} onToggle={(e) => onOpen(e.currentTarget.open)}>
      <summary
        onClick={(e) => {
          e.preventDefault();
          onOpen(!open);
        }}
      >
        {children}
      </summary>
    </details>
  );
}
