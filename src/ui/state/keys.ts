/**
 * Presenter keys → commands. Pure, so the mapping is tested without a browser; App executes
 * the commands. The keys act whatever has focus — a lecturer's clicker or Space must not be
 * swallowed by the button last clicked, a closed select or a slider — except while typing in a
 * text field, Space on a checkbox or radio button (no other key toggles it), and anywhere in the
 * scenario editor: it is a form, and its sliders, selects and buttons keep their own keys.
 */
export type KeyCommand = 'toggle' | 'prev-event' | 'next-event' | 'next-loss' | 'prev-loss' | 'next-timeout' | 'prev-timeout' | 'fullscreen' | 'faster' | 'slower' | 'escape' | 'help';

const KEYS: Record<string, KeyCommand> = {
  ' ': 'toggle',
  ArrowLeft: 'prev-event',
  ArrowRight: 'next-event',
  PageUp: 'prev-event',
  PageDown: 'next-event',
  l: 'next-loss',
  L: 'next-loss',
  t: 'next-timeout',
  T: 'next-timeout',
  f: 'fullscreen',
  F: 'fullscreen',
  '+': 'faster',
  '=': 'faster',
  '-': 'slower',
  _: 'slower',
  Escape: 'escape',
  '?': 'help',
};

export interface KeyInfo {
  key: string;
  /** Shift reverses L and T (by the Shift key itself: Caps Lock alone still steps forward). */
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Tag of the focused element (INPUT, SELECT, TEXTAREA, BUTTON …) and its type attribute. */
  targetTag?: string;
  targetType?: string;
  targetEditable?: boolean;
  /** The focused control is part of the scenario editor's form. */
  inForm?: boolean;
}

/** Input types that take no typed text: the keys act on the stage even while they have focus. */
const NON_TEXT_INPUTS = new Set(['range', 'checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file']);

/** The arrows a focused slider moves by (WAI-ARIA slider pattern); Space and PageUp/PageDown stay the stage's. */
const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Fields being typed in and the editor's controls own every key but Escape (which leaves presenter mode from anywhere); a focused slider owns its arrows. */
function ownsKey(k: KeyInfo): boolean {
  if (k.key === 'Escape') return false;
  if (k.inForm || k.targetEditable || k.targetTag === 'TEXTAREA') return true;
  if (k.targetTag !== 'INPUT') return false;
  const type = (k.targetType ?? 'text').toLowerCase();
  if (type === 'range') return SLIDER_KEYS.has(k.key);
  if (!NON_TEXT_INPUTS.has(type)) return true;
  return k.key === ' ' && (type === 'checkbox' || type === 'radio');
}

export function keyCommand(k: KeyInfo): KeyCommand | null {
  if (k.ctrlKey || k.metaKey || k.altKey) return null; // browser shortcuts (Ctrl+L, Ctrl+F …) stay the browser's
  if (ownsKey(k)) return null;
  const cmd = KEYS[k.key] ?? null;
  if (k.shiftKey && cmd === 'next-loss') return 'prev-loss';
  if (k.shiftKey && cmd === 'next-timeout') return 'prev-timeout';
  return cmd;
}
