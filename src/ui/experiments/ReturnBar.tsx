/** Over a run opened from an experiment: which point it is, and the way back to the experiment. */
import { useState } from 'react';
import { returnFor } from './returnInfo.ts';

export function ReturnBar() {
  const [info] = useState(() => returnFor(location.hash));
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
