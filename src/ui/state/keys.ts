/**
 * Presenter keys → commands. Pure, so the mapping is tested without a browser; App executes
 * the commands. Keys are ignored while typing in a field or operating a control that uses them.
 */
export type KeyCommand = 'toggle' | 'prev-event' | 'next-event' | 'next-loss' | 'next-timeout' | 'fullscreen' | 'faster' | 'slower';

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
};

export interface KeyInfo {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** Tag of the focused element (INPUT, SELECT, TEXTAREA, BUTTON …) and its type attribute. */
  targetTag?: string;
  targetType?: string;
  targetEditable?: boolean;
}

/** Controls that consume these keys themselves: a slider's arrows, a button's Space, any text field. */
function ownsKey(k: KeyInfo): boolean {
  if (k.targetEditable) return true;
  switch (k.targetTag) {
    case 'TEXTAREA':
    case 'SELECT':
      return true;
    case 'INPUT':
      return k.targetType !== 'checkbox' && k.targetType !== 'radio' ? true : k.key === ' ';
    case 'BUTTON':
    case 'A':
    case 'SUMMARY':
      return k.key === ' ' || k.key === 'Enter';
    default:
      return false;
  }
}

export function keyCommand(k: KeyInfo): KeyCommand | null {
  if (k.ctrlKey || k.metaKey || k.altKey) return null; // browser shortcuts (Ctrl+L, Ctrl+F …) stay the browser's
  if (ownsKey(k)) return null;
  return KEYS[k.key] ?? null;
}
