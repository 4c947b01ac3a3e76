/**
 * The title bar and the toolbar above the stage: the scenario's name and a one-line subtitle,
 * then Scenario (the editor drawer), Lessons, Presets, Compare, Panels, Export, More, Share,
 * Present, theme and the keyboard help; on a phone one row (Controls, Lessons, Presets, More),
 * the rest in the More menu. In presenter mode only what a lecturer needs stays: the quick controls in a
 * popover, which panels to show, theme, help and the way out. In an embed: the title, a link to
 * the full app, theme and help.
 */
import type { ReactNode } from 'react';
import type { Scenario } from '../../scenario/schema.ts';
import { describeScenario } from '../../catalogue/format.ts';
import type { ViewState } from '../state/view.ts';
import { MoreMenu } from './MoreMenu.tsx';

interface Props {
  scenario: Scenario | null;
  view: ViewState;
  /** "running…" / "ran in N ms" (tests and screen readers follow it). */
  status: string;
  drawerOpen: boolean;
  onDrawer: (open: boolean) => void;
  onPresenter: (on: boolean) => void;
  onTheme: () => void;
  onHelp: () => void;
  onShare: () => void;
  /** Presets, Compare, Panels, Export: built by the App, which owns their state. */
  menus: ReactNode;
  /** What the More menu holds besides this bar's own buttons (AppMenus' `more` slot); null: no More menu. */
  more: ReactNode;
  /** A phone: Share, theme and help go into the More menu too, so the row stays one line. */
  phone: boolean;
  /** Presenter mode's menus: the quick controls popover and the panel chooser. */
  presenterMenus: ReactNode;
  /** In an embed (an iframe in a course page): the link that opens this scenario in the full app. */
  openFullHref: string | null;
  /** A lesson locked by an instructor: no scenario editor. */
  locked?: boolean;
}

export function Toolbar({ scenario, view, status, drawerOpen, onDrawer, onPresenter, onTheme, onHelp, onShare, menus, more, phone, presenterMenus, openFullHref, locked = false }: Props) {
  const subtitle = scenario
    ? describeScenario(scenario, view.compare)
    : 'no scenario loaded';
  const theme = (
    <button type="button" data-testid="theme" aria-pressed={view.theme === 'dark'} onClick={onTheme} aria-label={view.theme === 'dark' ? 'Light theme' : 'Dark theme'} title={view.theme === 'dark' ? 'Light theme' : 'Dark theme'}>
      {view.theme === 'dark' ? '☀' : '☾'}
    </button>
  );
  const help = (
    <button type="button" data-testid="help" onClick={onHelp} aria-label="Keyboard help" title="Keyboard help (?)">
      ?
    </button>
  );
  const share = (
    <button type="button" data-testid="copy-link" onClick={onShare}>
      Share
    </button>
  );
  // on a phone (not presenting, not embedded) theme and help sit in the More menu
  const inMore = phone && more !== null && openFullHref === null && !view.presenter;
  return (
    <header className="app-head">
      <div className="title-bar">
        <h1>
          TCP Lab{scenario ? <span className="scenario-name">{scenario.name}</span> : null}
        </h1>
        <p className="subtitle" title={subtitle}>
          {subtitle}
        </p>
        <p className="status" role="status" aria-live="polite" data-testid="status">
          {status}
        </p>
      </div>
      <nav className="toolbar" aria-label="Tools">
        {openFullHref !== null ? (
          <a className="button-link" href={openFullHref} target="_blank" rel="noopener" data-testid="open-full">
            Open in TCP Lab ↗
          </a>
        ) : view.presenter ? (
          presenterMenus
        ) : (
          <>
            {locked ? null : (
              <button type="button" data-testid="drawer-toggle" aria-expanded={drawerOpen} aria-controls="scenario-drawer" onClick={() => onDrawer(!drawerOpen)}>
                <span className="phone-only">Controls</span>
                <span className="wide-only">Scenario</span>
              </button>
            )}
            {menus}
            {more !== null ? (
              <MoreMenu>
                {more}
                {phone ? share : null}
                {phone ? theme : null}
                {phone ? help : null}
              </MoreMenu>
            ) : null}
            {phone && more !== null ? null : share}
          </>
        )}
        {openFullHref !== null ? null : (
          <button type="button" data-testid="presenter" aria-pressed={view.presenter} onClick={() => onPresenter(!view.presenter)}>
            {view.presenter ? 'Exit presenter' : 'Present'}
          </button>
        )}
        {inMore ? null : theme}
        {inMore ? null : help}
      </nav>
    </header>
  );
}
