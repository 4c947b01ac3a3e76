/**
 * The way back from a run opened on an experiment: what the experiments view remembers before it
 * opens the run, read by the bar over that run (./ReturnBar.tsx). Apart from the bar so the page's
 * first load can ask whether the bar is wanted without carrying it.
 */
const KEY = 'tcp-lab:experiment-return';

export interface ReturnInfo {
  /** The experiment's hash (without '#'). */
  hash: string;
  /** "lp-fig4a: NewReno-LP at PER 0.01, seed 3". */
  label: string;
  /** The run's hash, so the bar shows only over that run. */
  runHash: string;
}

export function rememberReturn(info: ReturnInfo): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(info));
  } catch {
    // storage refused (private mode): the browser's Back button still leads back
  }
}

function recalled(): ReturnInfo | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ReturnInfo | null;
    return v && typeof v.hash === 'string' && typeof v.label === 'string' && typeof v.runHash === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The way back if `hash` is the run an experiment opened last, else null. */
export function returnFor(hash: string): ReturnInfo | null {
  const r = recalled();
  return r && hash.replace(/^#/, '') === r.runHash ? r : null;
}
