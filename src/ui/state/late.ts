/**
 * The late checks (lateChecks.ts): loaded once, on demand. Code on the first screen calls
 * `checks()` only where the checks must already be in — a link being opened (the page waits for
 * them before its first render), a lesson, a menu that loads them itself — and `withChecks` where
 * a user's action may come first (an edit, a hash typed by hand, the hash written after a change).
 */
import type * as LateChecksModule from './lateChecks.ts';

export type LateChecks = typeof LateChecksModule;

let loaded: LateChecks | null = null;
let loading: Promise<LateChecks> | null = null;

export function loadChecks(): Promise<LateChecks> {
  loading ??= import('./lateChecks.ts').then(
    (m) => (loaded = m),
    (e: unknown) => {
      // a failed fetch (offline before the service worker cached it) may be tried again
      loading = null;
      throw e;
    },
  );
  return loading;
}

export const checksLoaded = (): boolean => loaded !== null;

/** The checks, which the caller knows are loaded (see the header). */
export function checks(): LateChecks {
  if (!loaded) throw new Error('the scenario checks are not loaded yet: loadChecks() must finish first');
  return loaded;
}

/** Runs `f` with the checks: now when they are in, else once they are. */
export function withChecks(f: (c: LateChecks) => void): void {
  if (loaded) f(loaded);
  else void loadChecks().then(f);
}
