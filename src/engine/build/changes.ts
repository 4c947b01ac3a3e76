/** The scenario's timed changes (src/scenario/changes.ts) scheduled against the built links. */
import { parseChangePath, type ChangeTarget } from '../../scenario/changes.ts';
import type { ErrorModelSpec, Scenario } from '../../scenario/schema.ts';
import { msToNs, sToNs, type Handler } from '../core/simulator.ts';
import type { PerKey } from '../net/loss.ts';
import { errorModel } from './errors.ts';
import { traceChannel, type BuildContext, type DirRuntime, type Topology } from './topology.ts';

/**
 * Called first, before anything else is scheduled: a change then acts before every other event
 * at its time, and the other events keep their relative order, so the run up to the first change
 * is the run without changes, event for event and draw for draw. The links are looked up when the
 * change fires: `topo.dirs` is filled in as they are built.
 */
export function scheduleChanges(s: Scenario, topo: Topology, ctx: BuildContext): void {
  s.changes.forEach((c, index) => {
    const target = parseChangePath(c.path);
    if (target === null) throw new Error(`changes.${index}.path: "${c.path}" is not a field a run can change (parseScenario reports why)`);
    const key = target.dirSegments.join('.');
    const apply: Handler<null> = {
      fire: () => {
        const dir = topo.dirs.get(key);
        if (dir === undefined) throw new Error(`changes.${index}.path: "${c.path}" names a link that does not exist`);
        applyChange(dir, target, c.value, index, ctx);
        ctx.trace.change(ctx.sim.now(), index, dir.link.index);
      },
    };
    ctx.sim.scheduleAt(sToNs(c.atS), apply, null);
  });
}

function applyChange(dir: DirRuntime, target: ChangeTarget, value: unknown, index: number, ctx: BuildContext): void {
  const num = (): number => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`changes.${index}.value: ${String(value)} is not a number`);
    return value;
  };
  switch (target.field) {
    case 'rateBps':
      return dir.link.setRate(num());
    case 'delayMs':
      return dir.link.setDelay(msToNs(num()));
    case 'limitPackets':
      return dir.link.queue.setLimit(num());
    case 'per':
    case 'perGood':
    case 'perBad':
      if (dir.errors === null) throw new Error(`changes.${index}.path: the link has no error model ${target.model}`);
      return dir.errors.setPer(target.field as PerKey, num(), target.model ?? 0);
    case 'errors': {
      if (!Array.isArray(value)) throw new Error(`changes.${index}.value: not a list of error models`);
      dir.errors?.retire();
      dir.errors = errorModel(value as ErrorModelSpec[], dir.linkId, dir.link.index, ctx, dir.channel, index);
      dir.link.setErrors(dir.errors);
      // a clean link, or one without a channel state, is in the good state from now on
      if (dir.errors === null || !dir.errors.hasState) {
        if (dir.channel.traced !== null) traceChannel(dir.channel, 'good', dir.link.index, ctx);
      }
      return;
    }
  }
}
