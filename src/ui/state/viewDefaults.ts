/**
 * The view a page opens with, written out instead of parsed from view.ts's schema, so the first
 * screen does not load the validator library. tests/ui/viewDefaults.test.ts checks it equals
 * what the schema's defaults give, so the two cannot drift apart.
 */
import type { ViewState } from './view.ts';

export const DEFAULT_VIEW: ViewState = {
  panels: [],
  windowS: null,
  compare: [],
  compareLayout: 'overlay',
  theme: 'light',
  presenter: false,
  present: [],
  embed: false,
  showAhead: false,
  followS: null,
  senderView: false,
  atS: null,
};
