/**
 * The toolbar's More menu: what a lecture seldom needs (the experiments and validation pages,
 * the embed code; on a phone also Compare, Panels, Export, Share, theme and help), so the row
 * above the chart stays one line. A `<details class="menu">` like the others (keyboard: Enter or
 * Space on its button, Escape closes it: useDismissMenus); choosing an item (a link or a button
 * in it, not a nested menu's own button or a checkbox) closes it too.
 */
import type { MouseEvent, ReactNode } from 'react';
import './moreMenu.css';

export function MoreMenu({ children }: { children: ReactNode }) {
  const chose = (e: MouseEvent<HTMLDivElement>): void => {
    const item = (e.target as HTMLElement).closest('a, button');
    if (!item || !e.currentTarget.contains(item)) return;
    const menu = e.currentTarget.closest('details');
    if (menu) menu.open = false;
  };
  return (
    <details className="menu more-menu" data-testid="more-menu">
      <summary>More</summary>
      {/* the click (or Enter / Space on a focused item) is the item's own; this only closes the menu after it */}
      <div className="menu-body more-body" onClick={chose}>
        {children}
      </div>
    </details>
  );
}
