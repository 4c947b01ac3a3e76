/**
 * The `?` key's short keyboard help: a modal dialog (Escape or Close shuts it). Loaded on demand
 * (../lazy.tsx), with its text: a first chart has no use for either.
 */
import { useModalDialog } from './useModalDialog.ts';

/** The keyboard help's rows: keys and what they do, in the order a lecturer meets them. */
export const KEY_HELP: readonly (readonly [string, string])[] = [
  ['Space', 'play / pause'],
  ['→ or PageDown', 'next congestion event'],
  ['← or PageUp', 'previous congestion event'],
  ['L / Shift+L', 'next loss / previous loss (a burst of drops is one)'],
  ['T / Shift+T', 'next timeout / previous timeout'],
  ['+ / −', 'faster / slower'],
  ['F', 'full screen'],
  ['Escape', 'close a menu, then leave presenter mode'],
  ['?', 'this help'],
];

export function KeyHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="key-help" aria-labelledby="key-help-title" data-testid="key-help" onClose={onClose}>
      <h2 id="key-help-title">Keyboard</h2>
      <p>These keys work wherever the focus is, except while you type in a text or number field and inside the scenario editor, whose controls keep their own keys.</p>
      <dl>
        {KEY_HELP.map(([keys, what]) => (
          <div key={keys} className="key-row">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="key-help-more">On a chart: drag to zoom into a time range, Shift+drag to pan, double-click to see the whole run; on a touch screen, pinch to zoom and drag to pan.</p>
      <form method="dialog">
        <button type="submit" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
