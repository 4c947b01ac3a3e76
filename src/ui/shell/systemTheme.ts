/**
 * A page opened without a link (no state in the hash) takes the theme the system asks for
 * (`prefers-color-scheme`); a shared link keeps the theme it carries.
 */
import type { Initial } from '../model/appModel.ts';

export function withSystemTheme(initial: Initial, prefersDark: boolean = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches): Initial {
  if (!initial.plain || !initial.state || !prefersDark) return initial;
  return { ...initial, state: { ...initial.state, view: { ...initial.state.view, theme: 'dark' } } };
}
