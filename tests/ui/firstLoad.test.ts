// The first visit opens with values written out ahead of time instead of parsed at load (so the
// validator can load after the first chart): they must be exactly what the validator and the
// view schema give, and the lesson invitation must name lesson 1 as the catalogue does.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { getPreset } from '../../src/content/presets/index.ts';
import { parseScenario } from '../../src/scenario/validate.ts';
import { DEFAULT_PRESET } from '../../src/ui/state/defaultPreset.ts';
import { DEFAULT_SCENARIO } from '../../src/ui/state/defaultScenario.ts';
import { DEFAULT_VIEW } from '../../src/ui/state/viewDefaults.ts';
import { ViewSchema, DEFAULT_VIEW as SCHEMA_DEFAULT_VIEW } from '../../src/ui/state/view.ts';
import { defaultScenarioSource } from './defaultScenarioSource.ts';
import { lessons } from '../../src/content/lessons/index.ts';
import { FIRST_LESSON, FIRST_LESSON_HASH } from '../../src/ui/lessons/firstLesson.ts';
import { encodeLessonHash } from '../../src/ui/lessons/route.ts';

describe('values the first visit does not parse', () => {
  it('the default scenario is the default preset as the validator returns it', () => {
    const parsed = parseScenario(getPreset(DEFAULT_PRESET)?.scenario);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(DEFAULT_SCENARIO).toEqual(parsed.scenario);
    // a drift shows as a diff of the file, with the command that rewrites it in the file's header
    expect(readFileSync(new URL('../../src/ui/state/defaultScenario.ts', import.meta.url), 'utf8'), 'run: node --import tsx deploy/write-default-scenario.ts').toBe(defaultScenarioSource());
  });

  it('the default view is what the schema fills in for an empty view', () => {
    expect(DEFAULT_VIEW).toEqual(ViewSchema.parse({}));
    expect(DEFAULT_VIEW).toEqual(SCHEMA_DEFAULT_VIEW);
  });

  it('the invitation names lesson 1 as the catalogue does, and links to its first step as a lesson link does', () => {
    const first = lessons()[0];
    expect(FIRST_LESSON).toEqual({ name: first.name, title: first.title, steps: first.steps.length });
    // LessonInvite.tsx writes its link out; it must be the one the router reads for step 1
    expect(FIRST_LESSON_HASH).toBe(encodeLessonHash({ name: first.name, step: 0 }));
  });
});
