/**
 * Share and Embed: what the toolbar's buttons copy, and the link an embedded view opens in
 * full. Outside a lesson the shared link carries the playhead, so it opens at the moment shared.
 */
import { embedCode } from '../export/embed.ts';
import type { PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';
import { encodeState, type SharedState } from '../state/url.ts';
import { useCopy } from './ShareLine.tsx';

export function useShare(shared: SharedState | null, inLesson: boolean, playback: Store<PlaybackState>, writeHash: () => void, panelIds: readonly string[]) {
  const [copied, copy, closeCopied] = useCopy();
  const here = (): string => location.origin + location.pathname;
  const copyLink = (): Promise<void> => {
    if (shared) writeHash();
    const atS = playback.get().tS;
    if (!shared || inLesson || atS <= 0) return copy('link', location.href);
    return copy('link', `${here()}${location.search}#${encodeState({ ...shared, view: { ...shared.view, atS } })}`);
  };
  const copyEmbed = (): Promise<void> => (shared ? copy('embed code', embedCode(shared, panelIds, here())) : Promise.resolve());
  const openFullHref = shared?.view.embed ? `${location.pathname}#${encodeState({ ...shared, view: { ...shared.view, embed: false } })}` : null;
  return { copied, closeCopied, copyLink, copyEmbed, openFullHref };
}
