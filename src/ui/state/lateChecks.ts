/**
 * Everything that validates, decodes or looks up what a user or a link supplies: the scenario
 * validator (zod and the scenario format), share-link decoding, the preset and lesson
 * catalogues. A first visit with no link needs none of it for its first chart (it opens
 * defaultScenario.ts, already validated), so this is one chunk loaded after that chart, or
 * before the first render when the page opens on a link (late.ts).
 */
export { formatError, formatErrors, parseScenario } from '../../scenario/validate.ts';
export { DAMAGED_LINK_TITLE, decodeState, encodeState } from './url.ts';
export { loadPreset } from './baseScenario.ts';
export { getLesson } from '../../content/lessons/index.ts';
export { lessonRunsOf, lessonScenarios, readLessonHash, stepState, stepStopS } from '../lessons/session.ts';
export { allowedCompare, encodeLessonHash, isLessonHash, lockViolations } from '../lessons/route.ts';
export { embedCode } from '../export/embed.ts';
export { errorModelText, percentText } from '../../scenario/error-models.ts';
