/**
 * How the screen is used: phone or not, presenter mode, the editor drawer, the key help, the
 * stage's keys and the theme.
 */
import { useCallback, useEffect, useState } from 'react';
import type { LessonRoute } from '../lessons/route.ts';
import type { EventTimes } from '../state/eventTimes.ts';
import type { PlaybackAction, PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';
import type { ViewState } from '../state/view.ts';
import { useDrawerOpen } from './drawerOpen.ts';
import { focusStage } from './stageFocus.ts';
import { useDismissMenus } from './useDismissMenus.ts';
import { PHONE_QUERY, useMedia } from './useMedia.ts';
import { useStageKeys } from './useStageKeys.ts';

export function useScreen(view: ViewState, setView: (edit: (v: ViewState) => ViewState) => void, lessonRoute: LessonRoute | null, events: EventTimes, playback: Store<PlaybackState>, dispatch: (a: PlaybackAction) => void) {
  const phone = useMedia(PHONE_QUERY);
  // A presenter link opened on a phone shows the phone's own layout: a projector's grid of
  // panels cannot fit there. The link keeps saying "presenter" for the next big screen.
  const presenting = view.presenter && !phone;
  const shownView = presenting === view.presenter ? view : { ...view, presenter: false };
  const [drawerRemembered, setDrawerRemembered] = useDrawerOpen(phone);
  // in a lesson the step card takes the editor's place: the editor opens only when asked for (never under a lock)
  const [lessonDrawer, setLessonDrawer] = useState(false);
  const drawerOpen = lessonRoute ? lessonDrawer && !lessonRoute.lock : drawerRemembered;
  const setDrawerOpen = lessonRoute ? setLessonDrawer : setDrawerRemembered;
  const [helpOpen, setHelpOpen] = useState(false);
  const setPresenter = useCallback((on: boolean) => setView((v) => ({ ...v, presenter: on })), [setView]);
  useDismissMenus();
  useStageKeys({
    events,
    playback,
    dispatch,
    onHelp: () => setHelpOpen(true),
    onEscape: () => {
      if (!view.presenter) return false;
      setPresenter(false);
      return true;
    },
  });
  // Entering presenter mode hands the keyboard to the stage: the next Space plays rather than
  // pressing the Present button, which has the focus, again.
  useEffect(() => {
    if (presenting) focusStage();
  }, [presenting]);
  useEffect(() => {
    document.documentElement.dataset.theme = view.theme;
    document.documentElement.classList.toggle('presenter', presenting);
  }, [view.theme, presenting]);
  return { phone, presenting, shownView, drawerOpen, setDrawerOpen, helpOpen, setHelpOpen, setPresenter };
}
