/**
 * A scenario's timed changes as the charts' markers (TimedChanges.tsx draws them). Their words come
 * with the controls after the first chart (shell/controlsLate.ts): the first visit's scenario has no
 * changes, and a page opened on a link with some waits for that code before it renders.
 */
import type { Scenario } from '../../scenario/schema.ts';
import { changeLinkText, changeTimeText, changeValueText } from '../state/changeText.ts';
import type { ChangeMark } from './TimedChanges.tsx';

export function changeMarks(s: Scenario): ChangeMark[] {
  return s.changes.map((c) => {
    const link = changeLinkText(s, c);
    const value = changeValueText(c);
    return { atS: c.atS, label: value, title: `From ${changeTimeText(c.atS)}: ${link} ${value}` };
  });
}
