/**
 * The controls around the first chart, in one chunk that loads right after it is painted
 * (lateControls.tsx draws their stand-ins until then): the transport, the quick controls, the
 * timed-changes strip, the toolbar's menus, the editor's drawer, the share line and the banners
 * (a failed run's, a link's problems, a notice), and the timed changes' words (the strip's and the
 * charts' markers').
 */
export { TransportBar } from '../panels/TransportBar.tsx';
export { QuickControls } from '../controls/QuickControls.tsx';
export { LiveEditBar } from '../panels/LiveEditBar.tsx';
export { PresenterMenus, ToolbarMenus } from './AppMenus.tsx';
export { Drawer } from './Drawer.tsx';
export { ShareLine } from './ShareLine.tsx';
export { Banners } from './Banners.tsx';
export { changeMarks } from '../panels/changeMarks.ts';
