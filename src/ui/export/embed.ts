/**
 * "Embed": the HTML a lecturer pastes into a course page or a learning platform to show this
 * scenario's panels in an iframe — the same state as a share link, with the view's `embed` flag
 * set (minimal chrome, see App) and the panels fixed to the ones chosen now.
 */
import { encodeState, type SharedState } from '../state/url.ts';

/** Attribute-safe text: the scenario's name is the user's, and ends up inside quotes. */
function attr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `pageUrl`: the app's address without the hash (origin and path). */
export function embedCode(state: SharedState, panels: readonly string[], pageUrl: string): string {
  const view = { ...state.view, embed: true, presenter: false, panels: [...panels] };
  const src = `${pageUrl}#${encodeState({ scenario: state.scenario, view })}`;
  return `<iframe src="${attr(src)}" title="${attr(`TCP Lab: ${state.scenario.name}`)}" width="960" height="640" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}
