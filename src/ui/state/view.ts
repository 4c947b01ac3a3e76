/**
 * How the screen is arranged, as opposed to what is simulated (the Scenario): which panels are
 * shown and in what order, the zoomed time window, the variants being compared and how, theme
 * and presenter mode. It travels in the share link next to the scenario (./url.ts), so every
 * field has a default and a range, and a bad field can be replaced on its own.
 */
import { z } from '../../scenario/zod.ts';
import { MAX_COMPARE, MAX_PANELS, MAX_PRESENT } from './viewLimits.ts';

/** Panels are UI-A's to name; the view only requires ids that are safe in a URL and a DOM id. */
export const PanelIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'is not a panel id — lower-case letters, digits and "-"');

export { MAX_COMPARE, MAX_PANELS, MAX_PRESENT } from './viewLimits.ts';
/** The longest scenario is 3600 s; a window is never wider than that. */
const MAX_TIME_S = 3600;

export const TimeWindowSchema = z
  .tuple([z.number().min(0).max(MAX_TIME_S), z.number().min(0).max(MAX_TIME_S)])
  .refine(([t0S, t1S]) => t1S > t0S, { message: 'must end after it starts' });

export const ViewSchema = z.strictObject({
  /** Visible panels, top to bottom; empty = the app's own default set. */
  panels: z.array(PanelIdSchema).max(MAX_PANELS).default([]),
  /** Zoomed time range [t0S, t1S] in seconds, or null for the whole run. */
  windowS: TimeWindowSchema.nullable().default(null),
  /** Variants run side by side on the same scenario; empty = just the scenario's own flows. */
  compare: z.array(z.string().max(64)).max(MAX_COMPARE).default([]),
  /** One chart with every variant drawn over each other, or one small chart per variant. */
  compareLayout: z.enum(['overlay', 'multiples']).default('overlay'),
  theme: z.enum(['light', 'dark']).default('light'),
  /** Large type, no chrome: for the projector. */
  presenter: z.boolean().default(false),
  /** The panels presenter mode shows, in order; empty = the first two visible panels. */
  present: z.array(PanelIdSchema).max(MAX_PRESENT).default([]),
  /** Inside a course page's iframe: the title, the transport and the panels, no other chrome. */
  embed: z.boolean().default(false),
  /** "Show whole run": time panels show what lies after the playhead, faded, instead of hiding it. */
  showAhead: z.boolean().default(false),
  /** Follow window width in seconds (the last seconds sweep past the playhead); 0 = off, null = on in presenter mode only. */
  followS: z.number().min(0).max(MAX_TIME_S).nullable().default(null),
  /** Only what one sender can measure (its window, ACKs, RTT, estimates); queues, drop causes and other flows hidden (state/senderView.ts). */
  senderView: z.boolean().default(false),
  /** The playhead (s) where a shared link was copied: the page opens there, paused, with that moment's caption; null = at the start. */
  atS: z.number().min(0).max(MAX_TIME_S).nullable().default(null),
});

export type ViewState = z.output<typeof ViewSchema>;
export type TimeWindowS = z.output<typeof TimeWindowSchema>;

export const DEFAULT_VIEW: ViewState = ViewSchema.parse({});

/** The view's field names, in schema order (the URL decoder checks them one at a time). */
export const VIEW_FIELDS = Object.keys(ViewSchema.shape) as (keyof ViewState)[];
