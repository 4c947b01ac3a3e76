/**
 * Whether the scenario editor's drawer (Drawer.tsx) is open: remembered on this device, closed the
 * first time. In the first load, as the page's layout depends on it before the drawer's code is in.
 */
import { useCallback, useState } from 'react';

const STORAGE_KEY = 'tcp-lab.drawer';
function remembered(): boolean | null {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'open' ? true : v === 'closed' ? false : null;
  } catch {
    return null; // storage blocked (private mode, file://): fall back to the width rule
  }
}

/** [open, setOpen]: the remembered state, else closed until asked for; a phone always starts closed. */
export function useDrawerOpen(phone: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => !phone && (remembered() ?? false));
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      if (phone) return; // the sheet is a moment's visit, not a layout to keep
      try {
        localStorage.setItem(STORAGE_KEY, next ? 'open' : 'closed');
      } catch {
        // not remembered: harmless
      }
    },
    [phone],
  );
  return [open, setOpen];
}
