/**
 * A jump key with nothing to jump to (T in a run without timeouts, L past the last loss) says so
 * for a moment instead of doing nothing. The note floats over the stage's top edge, so showing
 * and hiding it moves nothing (presenter mode holds still).
 */
import { useEffect } from 'react';
import { createStore, useStore } from '../state/store.ts';

/** The note shown now, and a serial so the same words said twice restart the timer. */
export const jumpNote = createStore<{ text: string; serial: number } | null>(null);

let serial = 0;
export function sayNoJump(text: string): void {
  jumpNote.set({ text, serial: ++serial });
}

const SHOWN_MS = 2500;

export function JumpNote() {
  const note = useStore(jumpNote);
  useEffect(() => {
    if (!note) return;
    const id = setTimeout(() => jumpNote.set(null), SHOWN_MS);
    return () => clearTimeout(id);
  }, [note]);
  return (
    <p className="jump-note" role="status" aria-live="polite" data-testid="jump-note" hidden={!note}>
      {note?.text}
    </p>
  );
}
