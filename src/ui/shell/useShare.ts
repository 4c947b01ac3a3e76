/**
 * Share and Embed: what the toolbar's buttons copy, and the link an embedded view opens in
 * full. Outside a lesson the shared link carries the playhead, so it opens at the moment shared.
 */
import type { PlaybackState } from '../state/playback.ts';
import type { Store } from '../state/store.ts';
import { checks, loadChecks } from '../state/late.ts';
import type { SharedState } from '../state/url.ts';
import { useCopy } from './copy.ts';

export function useShare(shared: SharedState | null, inLesson: boolean, playback: Store<PlaybackState>, writeHash: () => void, panelIds: readonly string[]) {
  const [copied, copy, closeCopied] = useCopy();
  const here = (): string => location.origin + location.pathname;
  // encoding a link needs the late checks (state/late.ts): in by now, except in the page's first moments
  const copyLink = (): Promise<void> =>
    loadChecks().then((c) => {
      if (shared) writeHash();
      const atS = playback.get().tS;
      if (!shared || inLesson || atS <= 0) return copy('link', location.href);
      return copy('link', `${here()}${location.search}#${c.encodeState({ ...shared, view: { ...shared.view, atS } })}`);
    });
  const copyEmbed = (): Promise<void> => (shared ? loadChecks().then((c) => copy('embed code', c.embedCode(shared, panelIds, here()))) : Promise.resolve());
  // an embed opens from a link, so the checks are in (main.tsx)
  const openFullHref = shared?.view.embed ? `${location.pathname}#${checks().encodeState({ ...shared, view: { ...shared.view, embed: false } })}` : null;
  return { copied, closeCopied, copyLink, copyEmbed, openFullHref };
}
