/**
 * A timed change (./liveEdit.ts makes them) in words, for the strip that lists them and the
 * markers on the charts: what it sets, on which link, from when. Only a scenario with timed
 * changes needs them, so they come with the controls after the first chart (shell/controlsLate.ts).
 */
import { parseChangePath, type TimedChange } from '../../scenario/changes.ts';
import type { ErrorModelSpec, Scenario } from '../../scenario/schema.ts';
import { rate } from '../../catalogue/format.ts';
import { checks } from './late.ts';

function errorsText(list: readonly ErrorModelSpec[]): string {
  if (list.length === 0) return 'no errors';
  if (list.length > 1) return `${list.length} error models`;
  return checks().errorModelText(list[0]);
}

/**
 * A change's setting in a few words for a marker: `1 Mb/s`, `delay 80 ms`, `PER 2 %`. Error
 * models' words come with the late checks (late.ts), which a scenario with timed changes has
 * loaded: the default scenario, the only one opened without them, has none.
 */
export function changeValueText(c: TimedChange): string {
  const target = parseChangePath(c.path);
  const percentText = (p: number): string => checks().percentText(p);
  const v = c.value;
  if (!target) return c.path;
  switch (target.field) {
    case 'rateBps':
      return `rate ${rate(v as number)}`;
    case 'delayMs':
      return `delay ${v} ms`;
    case 'limitPackets':
      return `buffer ${v} packets`;
    case 'errors':
      return errorsText(v as ErrorModelSpec[]);
    case 'per':
      return `PER ${percentText(v as number)}`;
    case 'perGood':
      return `PER (good) ${percentText(v as number)}`;
    case 'perBad':
      return `PER (bad) ${percentText(v as number)}`;
  }
}

/** The link a change acts on, as a reader knows it: `bottleneck`, `access1 (reverse)`. */
export function changeLinkText(s: Pick<Scenario, 'path' | 'flows'>, c: TimedChange): string {
  const target = parseChangePath(c.path);
  if (!target) return '';
  const id = target.owner === 'path' ? s.path[target.index]?.id : s.flows[target.index]?.access.id;
  return `${id ?? c.path}${target.dir === 'reverse' ? ' (reverse)' : ''}`;
}

/** `t = 30 s`, with as many decimals as the time has (up to 3). */
export function changeTimeText(atS: number): string {
  return `${Number(atS.toFixed(3))} s`;
}
