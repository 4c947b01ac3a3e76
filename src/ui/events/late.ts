/**
 * The congestion events' code (./eventsLate.ts), loaded once the first picture is up (or before
 * the first render of a page opened on a link, with the scenario checks). Until it is in, the
 * stage steps nowhere, the caption line is empty, the cwnd panel's notice holds its line blank
 * and glossary words are plain text.
 */
import { lateModule } from '../state/lateModule.ts';

export const lateEvents = lateModule(() => import('./eventsLate.ts'));
