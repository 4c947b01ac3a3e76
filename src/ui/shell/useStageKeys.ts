/**
 * The presenter keys, on the window: they act whatever has focus (state/keys.ts says when a
 * field keeps them), and the key's own default (a focused button's Space, a closed select's or
 * a slider's arrows) is cancelled so it does not act twice. Escape first closes what is open —
 * a dialog (the keyboard help, the phone's controls sheet) or a menu — and only then leaves
 * presenter mode. A value
 * chosen in a select outside the scenario editor sends focus back to the stage.
 */
import { useEffect, useRef } from 'react';
import { lateEvents } from '../events/late.ts';
import type { EventTimes } from '../state/eventTimes.ts';
import { keyCommand, type KeyCommand } from '../state/keys.ts';
import { nextAfter, prevBefore, type PlaybackAction, type PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';
import { sayNoJump } from './JumpNote.tsx';
import { focusStage } from './stageFocus.ts';
import { closeMenusOnEscape } from './useDismissMenus.ts';

export interface StageKeyActions {
  events: EventTimes;
  playback: Store<PlaybackState>;
  dispatch: (a: PlaybackAction) => void;
  /** Escape with nothing open to close: true if it did something (left presenter mode, closed the sheet). */
  onEscape: () => boolean;
  onHelp: () => void;
}

/** The scenario editor: a form whose controls keep their keys, and focus, after a choice. */
const FORM_SELECTOR = '.drawer';

/** The commands that step through the congestion events (found by code that loads after the first chart). */
const STEPS: ReadonlySet<KeyCommand> = new Set(['prev-event', 'next-event', 'next-loss', 'prev-loss', 'next-timeout', 'prev-timeout']);

/** Carries out a command other than Escape with the actions as they are now. */
function act(cmd: Exclude<KeyCommand, 'escape'>, { events, playback, dispatch, onHelp }: StageKeyActions): void {
  const t = playback.get().tS;
  // a step stops at the event, so its caption stays up
  const seek = (to: number | null, none?: string): void => {
    if (to === null) {
      if (none) sayNoJump(none);
      return;
    }
    dispatch({ type: 'pause' });
    dispatch({ type: 'seek', tS: to });
  };
  switch (cmd) {
    case 'toggle':
      return dispatch({ type: 'toggle' });
    case 'prev-event':
      return seek(prevBefore(events.any, t));
    case 'next-event':
      return seek(nextAfter(events.any, t));
    case 'next-loss':
      return seek(nextAfter(events.loss, t), events.loss.length === 0 ? 'no losses in this run' : 'no later loss');
    case 'prev-loss':
      return seek(prevBefore(events.loss, t), events.loss.length === 0 ? 'no losses in this run' : 'no earlier loss');
    case 'next-timeout':
      return seek(nextAfter(events.timeout, t), events.timeout.length === 0 ? 'no timeouts in this run' : 'no later timeout');
    case 'prev-timeout':
      return seek(prevBefore(events.timeout, t), events.timeout.length === 0 ? 'no timeouts in this run' : 'no earlier timeout');
    case 'faster':
      return dispatch({ type: 'faster' });
    case 'slower':
      return dispatch({ type: 'slower' });
    case 'help':
      return onHelp();
    case 'fullscreen':
      if (document.fullscreenElement) void document.exitFullscreen?.();
      else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      return;
  }
}

export function useStageKeys(actions: StageKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  const waiting = useRef<Exclude<KeyCommand, 'escape'> | null>(null);
  // the step waiting for the events' code: taken once the events it found are here (the render
  // after the code arrived gives new event times, or the same empty ones when there is no run yet)
  useEffect(() => {
    const cmd = waiting.current;
    if (!cmd || !lateEvents.get()) return;
    waiting.current = null;
    act(cmd, latest.current);
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.isComposing) return; // a control (the preset list) handled it already
      if (document.querySelector('dialog[open]')) return; // the help or the controls sheet has the keyboard
      const target = e.target as HTMLElement | null;
      const cmd = keyCommand({
        key: e.key,
        shiftKey: e.shiftKey,
        ctrlKey: e.ctrlKey,
        metaKey: e.metaKey,
        altKey: e.altKey,
        targetTag: target?.tagName,
        targetType: target?.getAttribute?.('type') ?? undefined,
        targetEditable: target?.isContentEditable,
        inForm: !!target?.closest?.(FORM_SELECTOR),
      });
      if (!cmd) return;
      if (cmd === 'escape') {
        if (closeMenusOnEscape() || latest.current.onEscape()) e.preventDefault();
        return;
      }
      e.preventDefault();
      // a step pressed before the events' code is in waits for it (and the events it finds), not lost
      if (STEPS.has(cmd) && !lateEvents.get()) {
        waiting.current = cmd;
        void lateEvents.load().catch(() => {});
        return;
      }
      act(cmd, latest.current);
    };
    const onChange = (e: Event): void => {
      const t = e.target as HTMLElement;
      if (t.tagName === 'SELECT' && !t.closest(FORM_SELECTOR)) focusStage();
    };
    addEventListener('keydown', onKey);
    document.addEventListener('change', onChange);
    return () => {
      removeEventListener('keydown', onKey);
      document.removeEventListener('change', onChange);
    };
  }, []);
}
