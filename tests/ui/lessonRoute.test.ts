/** Lesson links and instructor locks: decoding, tampering, and what a lock lets through. */
import { describe, expect, it } from 'vitest';
import { decodeLessonHash, decodeLock, encodeLessonHash, encodeLock, lockViolations, STRICTEST_LOCK, type Lock } from '../../src/ui/lessons/route.ts';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { applySet } from '../../src/scenario/set.ts';

const names = ['slow-start', 'timeouts'];
const steps = (): number => 3;
const lock: Lock = { controls: ['per', 'variant'], variants: ['reno', 'sack'], panels: ['cwnd', 'queue'] };

describe('lesson links', () => {
  it('round-trip a lesson, a step and a lock', () => {
    const hash = encodeLessonHash({ name: 'timeouts', step: 1, lock });
    expect(hash).toMatch(/^lesson=timeouts&step=2&lock=/);
    expect(decodeLessonHash(hash, names, steps)).toEqual({ name: 'timeouts', step: 1, lock, problems: [] });
  });

  it('name a bad step and open step 1', () => {
    const r = decodeLessonHash('lesson=timeouts&step=9', names, steps);
    expect(r).toMatchObject({ step: 0, problems: ['step: "9" is not a step of this lesson — allowed 1 … 3; opened step 1'] });
  });

  it('name an unknown lesson with a guess', () => {
    expect(decodeLessonHash('lesson=timeout', names, steps)).toMatchObject({ unknown: 'timeout', problems: [expect.stringContaining('did you mean "timeouts"?')] });
  });
});

describe('locks', () => {
  const text = encodeLock('timeouts', lock);

  it('a widened lock (edited data) is reported as tampered and becomes the strictest lock', () => {
    const [data, check] = text.split('.');
    const widened = btoa(JSON.stringify({ ...lock, controls: [...lock.controls, 'rate'] })).replace(/=+$/, '');
    expect(widened).not.toBe(data);
    const r = decodeLock('timeouts', `${widened}.${check}`);
    expect(r.lock).toEqual(STRICTEST_LOCK);
    expect(r.problem).toContain('was changed after the instructor made the link');
  });

  it('a lock moved to another lesson is tampered too', () => {
    expect(decodeLock('slow-start', text).problem).toContain('checksum does not match');
  });

  it('a structurally bad lock (with a matching checksum) is named field by field', () => {
    const bad = encodeLock('timeouts', { ...lock, controls: ['warp' as never] });
    const r = decodeLock('timeouts', bad);
    expect(r.lock).toEqual(STRICTEST_LOCK);
    expect(r.problem).toContain('controls.0');
  });

  it('a missing checksum is not a lock', () => {
    expect(decodeLock('timeouts', 'abc').problem).toContain('expected DATA.CHECK');
  });
});

describe('what a lock lets through', () => {
  const base = (() => {
    const r = parseScenario(getPreset('reference-2mbps')!.scenario);
    if (!r.ok) throw new Error('bad preset');
    return r.scenario;
  })();
  const edit = (s: string): unknown => {
    const r = parseScenario(applySet(base, s));
    if (!r.ok) throw new Error(s);
    return r.scenario;
  };

  it('allows the controls it names', () => {
    expect(lockViolations(lock, base, edit('flows.0.variant=reno'))).toEqual([]);
    expect(lockViolations(lock, base, edit('path.0.forward.errors=[{"kind":"bernoulli","per":0.01}]'))).toEqual([]);
  });

  it('refuses every other change, naming the field', () => {
    expect(lockViolations(lock, base, edit('path.0.forward.rateBps=5e6'))).toEqual(['path.0.forward.rateBps']);
    expect(lockViolations(lock, base, edit('durationS=5'))).toEqual(['durationS']);
    expect(lockViolations(STRICTEST_LOCK, base, edit('flows.0.variant=reno'))).toEqual(['flows.0.variant']);
  });
});

describe('lesson panels', () => {
  it('every panel a lesson may name is a panel of the app', async () => {
    const { LESSON_PANELS } = await import('../../src/content/lessons/schema.ts');
    const { getPanel } = await import('../../src/ui/panels/registry.ts');
    for (const id of LESSON_PANELS) expect(getPanel(id), id).toBeDefined();
  });
});
