/**
 * What the page knows about congestion events, loaded after the first chart (./late.ts): finding
 * them in a run, their captions and list, the panels' "Notice …" lines and the glossary behind
 * the dotted words. The first chart is drawn without them; they fill in a moment later.
 */
export { runEventsOf } from '../state/eventTimes.ts';
export { caption } from './captions.ts';
export { cwndNotice } from './notices.ts';
export { findTerms, GLOSSARY } from './glossary.ts';
export { EventList } from './EventList.tsx';
