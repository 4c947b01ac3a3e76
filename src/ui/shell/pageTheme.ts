/**
 * The experiments and validation pages carry no view state of their own: opened directly (no main
 * view before them to set the theme), they take the system's. Called when their code loads, so
 * the first load does not carry it.
 */
export function followSystemTheme(): void {
  if (!document.documentElement.dataset.theme && matchMedia('(prefers-color-scheme: dark)').matches) document.documentElement.dataset.theme = 'dark';
}
