/**
 * Fuzzing lesson links: real `#lesson=…` links (every lesson, every step, with and without an
 * instructor's lock) damaged as text (cut, spliced, percent-escaped, doubled) and in their
 * parameters (bad percent-encoding, unknown lessons, steps out of range, repeated or conflicting
 * options, widened or moved locks, absurd lengths), then read by the same functions the app
 * uses: `initialFromHash` when the page opens, and the model's `applyHash` when a running page's
 * hash changes (inside a locked lesson, the harder case). Neither may throw; the page always has
 * a valid scenario; a lesson route always has a step of its lesson and a valid lock; every
 * problem line names what was wrong. CI runs 2 400 cases; FUZZ_RUNS=20000 soaks.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../src/content/lessons/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { createAppModel, initialFromHash } from '../../src/ui/model/appModel.ts';
import { encodeLessonHash, LESSON_CONTROL_NAMES, LockSchema, STRICTEST_LOCK, type Lock } from '../../src/ui/lessons/route.ts';
import { readLessonHash } from '../../src/ui/lessons/session.ts';
import { FUZZ_TIMEOUT_MS, fuzzRuns, textMutationArb } from '../harness/mutate.ts';
import { loadChecks } from '../../src/ui/state/late.ts';

// The app loads its scenario checks after the first chart (src/ui/state/late.ts); here, before any test.
beforeAll(async () => {
  await loadChecks();
});

const all = lessons();
const lockArb: fc.Arbitrary<Lock> = fc.record({
  controls: fc.shuffledSubarray([...LESSON_CONTROL_NAMES]),
  variants: fc.shuffledSubarray(['reno', 'cubic', 'bbr', 'vegas'], { maxLength: 2 }),
  panels: fc.shuffledSubarray(['cwnd', 'queue', 'metrics'] as const, { maxLength: 2 }).map((p) => [...p]),
});
const linkArb = fc
  .tuple(fc.constantFrom(...all), fc.nat(), fc.option(lockArb, { nil: undefined }))
  .map(([l, s, lock]) => encodeLessonHash({ name: l.name, step: s % l.steps.length, lock: lock ?? null }));

/** Damage a person or a mail program does to a lesson link's parameters. */
const paramMutationArb: fc.Arbitrary<(t: string) => string> = fc.oneof(
  fc.constantFrom(
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=%'),
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=%ZZ'),
    (t: string) => t.replace(/^lesson=([^&]*)/, 'lesson=$1%E2%82'),
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=no-such-lesson'),
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=constructor'),
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=__proto__'),
    (t: string) => t.replace(/step=\d+/, 'step=0'),
    (t: string) => t.replace(/step=\d+/, 'step=999999999999999999999'),
    (t: string) => t.replace(/step=\d+/, 'step=-1'),
    (t: string) => t.replace(/step=\d+/, 'step=1.5'),
    (t: string) => t.replace(/step=\d+/, 'step=%'),
    (t: string) => t.replace(/step=\d+/, 'step='),
    (t: string) => t.replace(/step=\d+/, 'step'),
    (t: string) => `${t}&step=2&step=1`,
    (t: string) => `${t}&lock=a.b`,
    (t: string) => `${t}&lock=`,
    (t: string) => `${t}&lock=%`,
    (t: string) => `${t}&x=1&&`,
    (t: string) => `${t}&%=%`,
    (t: string) => t.replace(/lock=[^&.]*/, (m) => `${m}AA`),
    (t: string) => t.replace(/lock=([^&]*)/, (_, v: string) => `lock=${v}&lock=${v}`),
    (t: string) => t.replace(/^lesson=[^&]*/, 'lesson=fast-recovery'),
    (t: string) => `${t}&step=${'9'.repeat(5000)}`,
    (t: string) => `${t}&lock=${'A'.repeat(50_000)}.x`,
    (t: string) => t.replace(/^lesson=[^&]*/, `lesson=${'%41'.repeat(3000)}`),
    (t: string) => t.split('&').reverse().join('&'),
  ),
  fc.tuple(fc.constantFrom(...all.map((l) => l.name)), fc.base64String({ maxLength: 200 })).map(
    ([name, data]) =>
      (t: string) =>
        `${t.replace(/^lesson=[^&]*/, `lesson=${name}`)}&lock=${data.replace(/=/g, '')}.${Math.abs(data.length * 7919).toString(36)}`,
  ),
  fc
    .tuple(lockArb, fc.constantFrom(...all.map((l) => l.name)))
    // a real lock, but from another lesson's link
    .map(([lock, other]) => (t: string) => `${t.replace(/&lock=[^&]*/g, '')}&lock=${encodeLessonHash({ name: other, step: 0, lock }).split('lock=')[1]}`),
);

const mutationArb = fc.oneof(textMutationArb, paramMutationArb, paramMutationArb);

/** A problem line names its part of the link: lesson, step, lock or the link as a whole. */
const PROBLEM = /^(lesson|step|lock|link): \S/;
const FOREIGN = /undefined|\[object Object\]|URIError|TypeError|Cannot read/;

function expectSoundRoute(route: ReturnType<typeof readLessonHash>['route']): void {
  if (!route) return;
  const lesson = all.find((l) => l.name === route.name);
  expect(lesson, route.name).toBeDefined();
  expect(Number.isInteger(route.step) && route.step >= 0 && route.step < lesson!.steps.length, `step ${route.step}`).toBe(true);
  if (route.lock) expect(LockSchema.safeParse(route.lock).success).toBe(true);
}

function expectSoundProblems(problems: readonly string[]): void {
  for (const p of problems) {
    expect(p).toMatch(PROBLEM);
    expect(p).not.toMatch(FOREIGN);
    expect(p.length).toBeLessThan(1200);
  }
}

describe('fuzz: mangled lesson links', () => {
  it('opening the page on a damaged lesson link never throws and always gives a valid state', () => {
    fc.assert(
      fc.property(linkArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (link, mutations) => {
        const hash = mutations.reduce((t, m) => m(t), link);
        const initial = initialFromHash(hash);
        expect(initial.fatal).toBeNull();
        expect(initial.state && parseScenario(initial.state.scenario).ok).toBe(true);
        expectSoundRoute(initial.lesson);
        expectSoundProblems(initial.problems);
        // a link whose lesson could not be opened says so
        if (hash.startsWith('lesson=') && !initial.lesson) expect(initial.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: fuzzRuns(1600) },
    );
  }, FUZZ_TIMEOUT_MS);

  it('a damaged lesson link typed into a running, locked lesson never throws and never drops the lock', () => {
    const locked = encodeLessonHash({ name: 'fairness', step: 0, lock: { controls: ['variant'], variants: [], panels: [] } });
    fc.assert(
      fc.property(linkArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 }), (link, mutations) => {
        const model = createAppModel(initialFromHash(locked), () => 0);
        const hash = mutations.reduce((t, m) => m(t), link);
        model.applyHash(hash);
        const state = model.get();
        expect(state.shared && parseScenario(state.shared.scenario).ok).toBe(true);
        expectSoundRoute(state.lessonRoute);
        // the page's lock is never widened or dropped by an edited hash
        expect(state.lessonRoute?.lock, hash).toBeTruthy();
        expectSoundProblems(state.problems.lines);
      }),
      { numRuns: fuzzRuns(800) },
    );
  }, FUZZ_TIMEOUT_MS);

  it('the three links from the issue: each opens, says what was wrong and what was used', () => {
    for (const hash of ['lesson=%', 'lesson=%ZZ']) {
      const initial = initialFromHash(hash);
      expect(initial.state).not.toBeNull();
      expect(initial.lesson).toBeNull();
      expect(initial.problems).toEqual([expect.stringMatching(/^lesson: .* is not valid percent-encoding .* opened the app without a lesson/)]);
    }
    const tangled = 'lesson=fairness&step=1&lock=eyJjb250cm9scyI6WyJ2YXJpYW50Il0sInZhcmlhbnRzIjpbXSwicGFuZWxzIjpbXX0.140c54c&step=2&lock=a.b&x=1';
    const model = createAppModel(initialFromHash(''), () => 0);
    expect(model.applyHash(tangled)).toBe('lesson');
    const { lessonRoute, problems: { lines: problems } } = model.get();
    expect(lessonRoute).toMatchObject({ name: 'fairness', step: 0, lock: STRICTEST_LOCK });
    expect(problems.join('\n')).toContain('step: given more than once — used the first (1)');
    expect(problems.join('\n')).toContain('lock: the link holds two different locks');
    expect(problems.join('\n')).toContain('link: unknown option "x"');
  });
});
