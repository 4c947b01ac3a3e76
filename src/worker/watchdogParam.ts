/**
 * `?watchdog-ms=N` in the page's address: how long a busy simulation worker may stay silent
 * before it is taken for dead and replaced (Supervision.silenceMs in client.ts), for that page
 * load only. Without it the product's defaults hold (DEFAULT_SUPERVISION: 8 s, and 20 s for a
 * worker never heard from); they suit every visitor. The parameter exists for diagnosis and for
 * the browser test of a killed worker, which would otherwise sit through 8 + 8 + 20 s of real
 * silence. The allowance for a worker never heard from keeps its ratio to the silence limit, so
 * a slow module load still gets more time than a running worker.
 */
import { DEFAULT_SUPERVISION, type Supervision } from './client.ts';

export const WATCHDOG_PARAM = 'watchdog-ms';
/** Several heartbeats (about 250 ms apart) and watch ticks (500 ms) fit in the shortest allowed. */
export const WATCHDOG_MIN_MS = 1_000;
export const WATCHDOG_MAX_MS = 60_000;

export interface WatchdogSetting {
  supervision: Partial<Supervision>;
  /** Why the parameter was not used, naming it and the allowed range; null if it was used or absent. */
  problem: string | null;
}

/** The supervision a page's query string (`location.search`) asks for: {} when it asks for none. */
export function watchdogFromQuery(search: string): WatchdogSetting {
  const raw = new URLSearchParams(search).get(WATCHDOG_PARAM);
  if (raw === null) return { supervision: {}, problem: null };
  const ms = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!(ms >= WATCHDOG_MIN_MS && ms <= WATCHDOG_MAX_MS)) {
    return {
      supervision: {},
      problem: `${WATCHDOG_PARAM}: "${raw}" is not a whole number of milliseconds from ${WATCHDOG_MIN_MS} to ${WATCHDOG_MAX_MS}; the default watchdog (${DEFAULT_SUPERVISION.silenceMs} ms) is used`,
    };
  }
  const ratio = DEFAULT_SUPERVISION.firstContactMs / DEFAULT_SUPERVISION.silenceMs;
  return { supervision: { silenceMs: ms, firstContactMs: Math.round(ms * ratio) }, problem: null };
}
