/**
 * The scenario editor's drawer: a column beside the stage on a wide screen, a bottom sheet on a
 * phone (which then also holds the quick controls): a modal dialog, so the page behind it is
 * inert, Escape closes it and a tap on the dimmed page too. Whether it is open is remembered on this
 * device (not in the share link: a student's phone and the lecture-room PC differ); the first
 * time it stays closed, so a newcomer's first screen is the live chart, not the editor
 * (drawerOpen.ts, in the first load; this component comes with the controls after the first chart).
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  sheet: boolean;
  onClose: () => void;
  children: ReactNode;
}

export function Drawer({ sheet, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, [sheet]); // a window narrowed to phone size turns the open column into the sheet
  const head = (
    <div className="drawer-head">
      {sheet ? <h2>Controls</h2> : null}
      <button type="button" className="drawer-close" onClick={onClose}>
        {sheet ? 'Done' : 'Hide editor'}
      </button>
    </div>
  );
  if (!sheet)
    return (
      <aside className="drawer" id="scenario-drawer" aria-label="Scenario" data-testid="drawer">
        {head}
        {children}
      </aside>
    );
  return (
    // a click on the dialog itself (not its content) is a tap on the backdrop
    <dialog ref={dialog} className="drawer sheet" id="scenario-drawer" aria-label="Controls" data-testid="drawer" onClose={onClose} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="sheet-body">
        {head}
        {children}
      </div>
    </dialog>
  );
}
