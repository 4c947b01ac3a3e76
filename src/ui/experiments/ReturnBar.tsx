/** Over a run opened from an experiment: which point it is, and the way back to the experiment. */
import { useState } from 'react';

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

export function ReturnBar() {
  const [info] = useState(() => {
    const r = recalled();
    return r && location.hash.replace(/^#/, '') === r.runHash ? r : null;
  });
  if (!info) return null;
  return (
    <p className="exp-return" role="navigation" aria-label="Back to the experiment">
      <a href={`#${info.hash}`} data-testid="exp-back">
        ← Back to the experiment
      </a>
      <span>This is one run of it: {info.label}.</span>
    </p>
  );
}
