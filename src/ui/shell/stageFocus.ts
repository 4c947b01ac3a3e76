/**
 * The stage is where the keys act: after a choice in a menu or select, and on entering
 * presenter mode, focus goes back to it so the next Space plays instead of re-pressing a button.
 */
export const STAGE_ID = 'stage';

export function focusStage(): void {
  document.getElementById(STAGE_ID)?.focus({ preventScroll: true });
}
