/**
 * The instructor's lock link (what students may change: scenario controls, compared variants,
 * panels) and, under a lock, the few controls it leaves open. A locked student's changes go
 * through the App's lock check as well, so a control that is not offered here cannot be changed
 * another way either.
 */
import { useState } from 'react';
import { VARIANTS, RECOVERY_ALGORITHMS } from '../../catalogue/variants.ts';
import { LESSON_PANELS } from '../../content/lessons/schema.ts';
import type { Scenario } from '../../scenario/schema.ts';
import { encodeLessonHash, LESSON_CONTROL_NAMES, type LessonControl, type Lock } from './route.ts';

const CONTROL_LABELS: Record<LessonControl, string> = {
  variant: 'variant',
  recovery: 'loss recovery',
  per: 'random loss (PER)',
  rate: 'bottleneck rate',
  delay: 'bottleneck delay',
  buffer: 'buffer size',
  duration: 'duration',
  seed: 'seed',
};

function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? [...new Set([...list, item])] : list.filter((x) => x !== item);
}

export function LockLinkBuilder({ lesson, step }: { lesson: string; step: number }) {
  const [lock, setLock] = useState<Lock>({ controls: ['variant'], variants: [], panels: [] });
  const url = `${location.origin}${location.pathname}#${encodeLessonHash({ name: lesson, step, lock })}`;
  return (
    <details className="lock-builder wide-only" data-testid="lock-builder">
      <summary>Instructor: a link that keeps controls fixed for the class</summary>
      <p className="lesson-note">The link fixes every control you do not tick, so a class sees the same runs. It is a convenience, not security: anyone can remove <code>&amp;lock=…</code> from the link.</p>
      <fieldset>
        <legend>Students may change</legend>
        {LESSON_CONTROL_NAMES.map((c) => (
          <label key={c}>
            <input type="checkbox" data-testid={`lock-control-${c}`} checked={lock.controls.includes(c)} onChange={(e) => setLock({ ...lock, controls: toggle(lock.controls, c, e.target.checked) })} /> {CONTROL_LABELS[c]}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Extra variants they may compare</legend>
        {VARIANTS.map((v) => (
          <label key={v.name}>
            <input type="checkbox" checked={lock.variants.includes(v.name)} onChange={(e) => setLock({ ...lock, variants: toggle(lock.variants, v.name, e.target.checked) })} /> {v.label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Extra panels they may open</legend>
        {LESSON_PANELS.map((p) => (
          <label key={p}>
            <input type="checkbox" checked={lock.panels.includes(p)} onChange={(e) => setLock({ ...lock, panels: toggle(lock.panels, p, e.target.checked) })} /> {p}
          </label>
        ))}
      </fieldset>
      <label className="lock-url">
        Link <input readOnly data-testid="lock-url" value={url} onFocus={(e) => e.currentTarget.select()} />
      </label>
    </details>
  );
}

/** The controls a lock leaves open, on the first flow and the first path link. */
export function LockedControls({ lock, scenario, onChange }: { lock: Lock; scenario: Scenario; onChange: (s: Scenario) => void }) {
  if (lock.controls.length === 0) return <p className="lesson-note" data-testid="locked-note">This link keeps every control of this step fixed for the class: watch and answer.</p>;
  const link = scenario.path[0];
  const fwd = link.forward;
  const setFwd = (patch: Partial<typeof fwd>): void => onChange({ ...scenario, path: [{ ...link, forward: { ...fwd, ...patch } }, ...scenario.path.slice(1)] });
  const bernoulli = fwd.errors.find((e) => e.kind === 'bernoulli');
  const variants = VARIANTS.filter((v) => lock.variants.length === 0 || lock.variants.includes(v.name) || scenario.flows.some((f) => f.variant === v.name));
  return (
    <fieldset className="locked-controls" data-testid="locked-controls">
      <legend>What you may change</legend>
      {lock.controls.includes('variant') ? (
        <label>
          Variant{' '}
          <select data-testid="locked-variant" value={scenario.flows[0].variant} onChange={(e) => onChange({ ...scenario, flows: scenario.flows.map((f) => ({ ...f, variant: e.target.value })) })}>
            {variants.map((v) => (
              <option key={v.name} value={v.name}>
                {v.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {lock.controls.includes('recovery') ? (
        <label>
          Loss recovery{' '}
          <select value={scenario.flows[0].tcp.recovery} onChange={(e) => onChange({ ...scenario, flows: scenario.flows.map((f) => ({ ...f, tcp: { ...f.tcp, recovery: e.target.value as Scenario['flows'][number]['tcp']['recovery'] } })) })}>
            {['auto', ...RECOVERY_ALGORITHMS].map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </label>
      ) : null}
      {lock.controls.includes('per') ? (
        <label>
          Random loss (PER) <input type="number" min={0} max={0.5} step={0.001} value={bernoulli?.per ?? 0} onChange={(e) => setFwd({ errors: [...fwd.errors.filter((x) => x.kind !== 'bernoulli'), ...(Number(e.target.value) > 0 ? [{ kind: 'bernoulli' as const, per: Math.min(0.5, Math.max(0, Number(e.target.value))) }] : [])] })} />
        </label>
      ) : null}
      {lock.controls.includes('rate') ? (
        <label>
          Bottleneck rate (Mb/s) <input type="number" min={0.01} max={1000} step={0.1} value={fwd.rateBps / 1e6} onChange={(e) => Number(e.target.value) > 0 && setFwd({ rateBps: Number(e.target.value) * 1e6 })} />
        </label>
      ) : null}
      {lock.controls.includes('delay') ? (
        <label>
          Bottleneck delay (ms) <input type="number" min={0} max={10000} step={1} value={fwd.delayMs} onChange={(e) => Number(e.target.value) >= 0 && setFwd({ delayMs: Number(e.target.value) })} />
        </label>
      ) : null}
      {lock.controls.includes('buffer') ? (
        <label>
          Buffer (packets) <input type="number" min={1} max={100000} step={1} value={fwd.queue.limitPackets} onChange={(e) => Number.isInteger(Number(e.target.value)) && Number(e.target.value) >= 1 && setFwd({ queue: { ...fwd.queue, limitPackets: Number(e.target.value) } })} />
        </label>
      ) : null}
      {lock.controls.includes('duration') ? (
        <label>
          Duration (s) <input type="number" min={1} max={3600} step={1} value={scenario.durationS} onChange={(e) => Number(e.target.value) >= 1 && onChange({ ...scenario, durationS: Number(e.target.value) })} />
        </label>
      ) : null}
      {lock.controls.includes('seed') ? (
        <label>
          Seed <input type="number" min={0} step={1} value={scenario.seed} onChange={(e) => Number.isInteger(Number(e.target.value)) && onChange({ ...scenario, seed: Number(e.target.value) })} />
        </label>
      ) : null}
    </fieldset>
  );
}
