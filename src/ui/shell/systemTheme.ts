/**
 * A page opened without a link (no state in the hash), or from a lesson link, takes the theme the
 * system asks for (`prefers-color-scheme`): a lesson link names a lesson and a step, not a theme,
 * so a student on a dark phone should not be handed the light one. A shared state link keeps the
 * theme it carries.
 */
import type { Initial } from '../model/appModel.ts';

export function withSystemTheme(initial: Initial, prefersDark: boolean = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches): Initial {
  if ((!initial.plain && initial.lesson === null) || !initial.state || !prefersDark) return initial;
  return { ...initial, state: { ...initial.state, view: { ...initial.state.view, theme: 'dark' } } };
}
