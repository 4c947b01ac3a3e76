/**
 * SimPool against fake workers: the first job runs alone until its result is in (or a short
 * cap), the others then spread over the workers and come back in job order, the pool size
 * follows the core count up to six, a newer batch supersedes an older one (its
 * workers drop the stale runs and stay up), a job equal to one of the last batch's is not run
 * again, and a failure reaches the caller.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSuperseded } from '../../src/worker/client.ts';
import { batchRestMs, FIRST_ALONE_MAX_MS, poolSizeFor, SimPool } from '../../src/worker/pool.ts';
import { fakeWorkers, scenario } from './fakeWorkers.ts';

let pool: SimPool | undefined;
// The fake workers answer on timers: a fake clock turned by hand makes every ordering below exact
// whatever the machine's load (with real timers a busy machine reordered them).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  pool?.dispose();
  vi.useRealTimers();
});

/** The fake workers talk over real message ports: a few event-loop turns deliver what is in flight. */
async function deliver(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

/** Lets `ms` of fake time pass a millisecond at a time, delivering the workers' messages at each step. */
async function wait(ms: number): Promise<void> {
  await deliver();
  for (let t = 0; t < ms; t++) {
    await vi.advanceTimersByTimeAsync(1);
    await deliver();
  }
}

/** Turns the fake clock until `p` settles, then gives its outcome. */
async function settle<T>(p: Promise<T>): Promise<T> {
  let done = false;
  const watched = p.finally(() => (done = true));
  watched.catch(() => {});
  for (let t = 0; t < 60_000 && !done; t++) await wait(1);
  return watched;
}

describe('ui SimPool', () => {
  it('sizes itself min(cores, 6), at least one', () => {
    expect(poolSizeFor(1)).toBe(1);
    expect(poolSizeFor(4)).toBe(4);
    expect(poolSizeFor(32)).toBe(6);
    expect(poolSizeFor(0)).toBe(2);
    expect(poolSizeFor(undefined)).toBe(2);
  });

  it('warm starts every worker before any run', () => {
    const { factory, made } = fakeWorkers(1);
    pool = new SimPool(3, factory);
    pool.warm();
    expect(made.length).toBe(3);
  });

  it('a batch stops the warm-ups still running, so a worker with no job in it leaves the cores to those with one', async () => {
    const { factory, made } = fakeWorkers(5, { warmUpMs: 200 });
    pool = new SimPool(2, factory);
    pool.warm(scenario(1), ['reno', 'sack']);
    await wait(10);
    await settle(pool.runAll([{ scenario: scenario(2) }]));
    // the second worker had no job: its warm-up was told to stop
    expect(made[1].cancels).toBe(1);
    expect(made[1].started).toEqual([]);
  });

  it('sends no stop once the warm-ups have finished', async () => {
    const { factory, made } = fakeWorkers(5);
    pool = new SimPool(2, factory);
    pool.warm(scenario(1), ['reno']);
    await wait(20);
    await settle(pool.runAll([{ scenario: scenario(2) }]));
    expect(made.map((m) => m.cancels)).toEqual([0, 0]);
  });

  it('runs the first job alone until its result is in, then one job per worker at the same time, results in job order', async () => {
    const { factory, made } = fakeWorkers(30);
    pool = new SimPool(3, factory);
    const done = pool.runAll([10, 11, 12].map((s) => ({ scenario: scenario(s) })));
    await wait(10);
    // only the first job is out (the other workers are not even started yet)
    expect(made.map((m) => m.inFlight)).toEqual([1]);
    await wait(30);
    // job 10 is in: the other two run side by side
    expect(made.map((m) => m.inFlight)).toEqual([0, 1, 1]);
    const out = await settle(done);
    expect(out.map((r) => r.sim.seed)).toEqual([10, 11, 12]);
    expect(made.map((m) => m.started)).toEqual([[10], [11], [12]]);
  });

  it('starts the other workers at most FIRST_ALONE_MAX_MS after a slow first job', async () => {
    const { factory, made } = fakeWorkers((seed) => (seed === 1 ? 400 : 5));
    pool = new SimPool(2, factory);
    const done = pool.runAll([1, 2].map((s) => ({ scenario: scenario(s) })));
    await wait(FIRST_ALONE_MAX_MS + 60);
    expect(made[1]?.started).toEqual([2]);
    expect(made[0].inFlight).toBe(1);
    await settle(done);
  });

  it('holds the other workers while the first result is shown (the promise onResult returns for it), at most FIRST_ALONE_MAX_MS in all', async () => {
    const { factory, made } = fakeWorkers(5);
    pool = new SimPool(2, factory);
    let shown: () => void = () => {};
    const done = pool.runAll([1, 2].map((s) => ({ scenario: scenario(s) })), {
      onResult: (i) => (i === 0 ? new Promise<void>((ok) => (shown = ok)) : undefined),
    });
    await wait(20);
    // job 1 has been in for ~15 ms, but is not shown yet: job 2 waits
    expect(made.map((m) => m.started)).toEqual([[1]]);
    shown();
    await wait(2);
    expect(made[1]?.started).toEqual([2]);
    await settle(done);

    // never shown (a page in the background paints nothing): the cap still lets the others go
    const late = pool.runAll([3, 4].map((s) => ({ scenario: scenario(s) })), { onResult: () => new Promise<void>(() => {}) });
    await wait(20);
    expect(made[1].started).toEqual([2]);
    await wait(FIRST_ALONE_MAX_MS);
    expect(made[1].started).toEqual([2, 4]);
    await settle(late);
  });

  it('estimates the time to a batch\'s last result from the runs in so far (batchRestMs)', () => {
    // nothing in yet: nothing to go by
    expect(batchRestMs(100, [90], 3, 2, [])).toBe(Number.POSITIVE_INFINITY);
    // typical run 20 ms (median of 18, 20, 40); runs started at 95 and 110, now 120: they end at 115 and 130
    expect(batchRestMs(120, [95, 110], 0, 2, [40, 18, 20])).toBe(10);
    // plus three queued runs on two workers: two more rounds of 20 ms
    expect(batchRestMs(120, [95, 110], 3, 2, [40, 18, 20])).toBe(50);
    // a run past its typical time counts as ending now, not in the past
    expect(batchRestMs(200, [95], 0, 2, [20])).toBe(0);
    // nothing running (all held): the queued rounds only
    expect(batchRestMs(0, [], 5, 2, [10, 30])).toBe(30);
  });

  it('queues extra jobs on the workers in order when there are more jobs than workers', async () => {
    const { factory, made } = fakeWorkers(1);
    pool = new SimPool(2, factory);
    const out = await settle(pool.runAll([1, 2, 3, 4, 5].map((s) => ({ scenario: scenario(s) }))));
    expect(out.map((r) => r.sim.seed)).toEqual([1, 2, 3, 4, 5]);
    // every job once; each worker took its jobs in queue order (which worker took which depends on timing)
    expect(made.flatMap((m) => m.started).sort()).toEqual([1, 2, 3, 4, 5]);
    for (const m of made) expect(m.started).toEqual([...m.started].sort((a, b) => a - b));
    expect(made[0].started[0]).toBe(1);
  });

  it('a newer batch supersedes the older one; its busy workers drop the stale runs and are kept', async () => {
    const { factory, made } = fakeWorkers(40);
    pool = new SimPool(2, factory);
    const old = pool.runAll([1, 2, 3].map((s) => ({ scenario: scenario(s) })));
    const fresh = pool.runAll([7].map((s) => ({ scenario: scenario(s) })));
    await expect(old).rejects.toSatisfy(isSuperseded);
    expect((await settle(fresh)).map((r) => r.sim.seed)).toEqual([7]);
    await wait(60); // the stale runs' own answers are due by now
    expect(made.some((m) => m.terminated)).toBe(false);
    // worker 0 dropped job 1 for job 7; jobs 2 and 3 were waiting for job 1 and never started
    expect(made.flatMap((m) => m.dropped)).toEqual([1]);
    expect(made.flatMap((m) => m.started)).not.toContain(2);
    expect(made.flatMap((m) => m.started)).not.toContain(3);
  });

  it('keeps every worker busy while jobs are left: a free worker takes the next job, whoever held it', async () => {
    // job 1 is slow: with a fixed split, worker 0 would still have jobs 3 and 5 queued behind it
    const { factory, made } = fakeWorkers((seed) => (seed === 1 ? 80 : 5));
    pool = new SimPool(2, factory);
    const out = await settle(pool.runAll([1, 2, 3, 4, 5].map((s) => ({ scenario: scenario(s) }))));
    expect(out.map((r) => r.sim.seed)).toEqual([1, 2, 3, 4, 5]);
    // (the job worker 0 was told to start ahead, 3, is taken last: worker 0 might still have come for it)
    expect(made.map((m) => [...m.started].sort())).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('runs the jobs asked for first ahead of the others, and hands each result over as it arrives', async () => {
    const { factory, made } = fakeWorkers((seed) => seed);
    pool = new SimPool(2, factory);
    const arrived: number[] = [];
    const out = await settle(pool.runAll([30, 20, 10, 40].map((s) => ({ scenario: scenario(s) })), { first: [2], onResult: (i, r) => void arrived.push(i * 1000 + r.sim.seed) }));
    expect(out.map((r) => r.sim.seed)).toEqual([30, 20, 10, 40]);
    // job 2 (seed 10) starts first, on worker 0; the rest in order: 30 on worker 1, then 20 and 40 as workers free up
    expect(made.map((m) => m.started[0])).toEqual([10, 30]);
    expect(arrived[0]).toBe(2010);
    expect(arrived.sort()).toEqual([1020, 2010, 30, 3040].sort());
  });

  it('never hands over a superseded batch\'s results', async () => {
    const { factory } = fakeWorkers((seed) => (seed === 2 ? 5 : 150));
    pool = new SimPool(2, factory);
    const arrived: number[] = [];
    const old = pool.runAll([1, 2, 3].map((s) => ({ scenario: scenario(s) })), { onResult: (_i, r) => void arrived.push(r.sim.seed) });
    while (arrived.length === 0) await wait(2); // job 2 is in; 1 and 3 are running
    const fresh = pool.runAll([9].map((s) => ({ scenario: scenario(s) })), { onResult: (_i, r) => void arrived.push(r.sim.seed) });
    await expect(old).rejects.toSatisfy(isSuperseded);
    await settle(fresh);
    await wait(200); // the stale runs' own answers are due by now
    expect(arrived).toEqual([2, 9]);
  });

  it('does not run again a job equal to one of the last batch: that result is handed back (first) and returned', async () => {
    const { factory, made } = fakeWorkers(10);
    pool = new SimPool(2, factory);
    // the seeds started on any worker since `mark` was taken, sorted
    const mark = (): number[] => made.map((m) => m.started.length);
    const startedSince = (at: number[]): number[] => made.flatMap((m, k) => m.started.slice(at[k] ?? 0)).sort((a, b) => a - b);
    const before = await settle(pool.runAll([1, 2, 3].map((s) => ({ scenario: scenario(s) }))));
    // one variant more in a comparison: the three runs already made are the same runs
    let at = mark();
    const arrived: number[] = [];
    const after = await settle(pool.runAll([1, 2, 3, 4].map((s) => ({ scenario: scenario(s) })), { onResult: (i) => void arrived.push(i) }));
    expect(startedSince(at)).toEqual([4]);
    expect(after.map((r) => r.sim.seed)).toEqual([1, 2, 3, 4]);
    for (let i = 0; i < 3; i++) expect(after[i]).toBe(before[i]);
    // not measured again as if it had just been posted
    expect(after[0].sentAtEpochMs).toBe(0);
    expect(arrived).toEqual([0, 1, 2, 3]);
    // reused results stay reusable, run ones become so; another seed or other options are another run
    at = mark();
    const again = await settle(pool.runAll([{ scenario: scenario(4) }, { scenario: scenario(1), opts: { seed: 9 } }, { scenario: scenario(5) }]));
    expect(startedSince(at)).toEqual([1, 5]);
    expect(again[0]).toBe(after[3]);
    // only the last batch is kept: job 2, from two batches ago, runs again
    at = mark();
    await settle(pool.runAll([{ scenario: scenario(2) }]));
    expect(startedSince(at)).toEqual([2]);
  });

  it('a batch made only of earlier runs runs nothing and is handed over whole', async () => {
    const { factory, made } = fakeWorkers(10);
    pool = new SimPool(2, factory);
    const before = await settle(pool.runAll([1, 2].map((s) => ({ scenario: scenario(s) }))));
    const n = made.flatMap((m) => m.started).length;
    const after = await settle(pool.runAll([2, 1].map((s) => ({ scenario: scenario(s) }))));
    expect(after).toEqual([before[1], before[0]]);
    expect(after[0]).toBe(before[1]);
    expect(made.flatMap((m) => m.started).length).toBe(n);
  });

  it('passes a failing job through', async () => {
    const { factory } = fakeWorkers(1);
    pool = new SimPool(2, factory);
    await expect(settle(pool.runAll([1, 666].map((s) => ({ scenario: scenario(s) }))))).rejects.toThrow('engine exploded');
  });
});
