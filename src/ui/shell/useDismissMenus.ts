/**
 * Every `<details class="menu">` in the toolbar closes on a click outside it and on Escape, and
 * gives focus back to its button (its summary). One listener for all menus, so a menu added
 * later (another panel's, the experiments menu) behaves the same without code of its own.
 */
import { useEffect } from 'react';

function openMenus(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>('details.menu[open]')];
}

/** Closes a menu; focus returns to its summary if it was inside the menu (or `always`). */
function closeMenu(menu: HTMLDetailsElement, always: boolean): void {
  const hadFocus = menu.contains(document.activeElement);
  menu.open = false;
  if (always || hadFocus) menu.querySelector('summary')?.focus();
}

/** Closes the open menus; true if there was one (so Escape did its job and goes no further). */
export function closeMenusOnEscape(): boolean {
  const open = openMenus();
  for (const m of open) closeMenu(m, true);
  return open.length > 0;
}

/**
 * Menus open right-aligned under their button; one whose button the toolbar wrapped to the left
 * would then be cut off at the window's left edge, so it opens left-aligned instead.
 */
function keepInView(menu: HTMLDetailsElement): void {
  const body = menu.querySelector<HTMLElement>(':scope > .menu-body');
  if (!body) return;
  menu.classList.remove('menu-from-left');
  if (body.getBoundingClientRect().left < 0) menu.classList.add('menu-from-left');
}

export function useDismissMenus(): void {
  useEffect(() => {
    const outside = (e: PointerEvent): void => {
      for (const m of openMenus()) if (!m.contains(e.target as Node)) closeMenu(m, false);
    };
    // Opening one menu closes the others: two open popovers would cover each other.
    const toggled = (e: Event): void => {
      const t = e.target as HTMLElement;
      if (!(t instanceof HTMLDetailsElement) || !t.classList.contains('menu') || !t.open) return;
      // (a menu nested in the More menu leaves the More menu open around it)
      for (const m of openMenus()) if (m !== t && !m.contains(t)) m.open = false;
      keepInView(t);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('toggle', toggled, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('toggle', toggled, true);
    };
  }, []);
}
