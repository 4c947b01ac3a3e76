/** A native <dialog> shown modally while `open` is true and closed when it turns false (Escape closes it too; its onClose reports that). */
import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return dialog;
}
