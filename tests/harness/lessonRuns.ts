/** Runs a lesson's steps as the app would (one run per compared variant), for the lesson tests. */
import { runScenario } from '../../src/engine/run.ts';
import type { LessonRun } from '../../src/content/lessons/facts.ts';
import { stepScenarios } from '../../src/content/lessons/evaluate.ts';
import type { Lesson } from '../../src/content/lessons/schema.ts';
import { runJobs } from '../../src/ui/state/runSet.ts';

const cache = new Map<string, LessonRun>();

/** Every step's runs, in step order; identical runs (same scenario, same variant) are run once. */
export function lessonRuns(lesson: Lesson): LessonRun[][] {
  const scenarios = stepScenarios(lesson);
  return lesson.steps.map((step, i) =>
    runJobs(scenarios[i], step.compare).map((job) => {
      const key = JSON.stringify(job.scenario);
      let run = cache.get(key);
      if (!run) {
        const result = runScenario(job.scenario);
        run = { variant: job.variant, scenario: job.scenario, result, endS: result.sim.simTimeS };
        cache.set(key, run);
      }
      return { ...run, variant: job.variant };
    }),
  );
}
