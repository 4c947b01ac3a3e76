/** Share and Embed's copy to the clipboard, and what was copied (ShareLine.tsx shows it). */
import { useState } from 'react';

export interface Copied {
  what: 'link' | 'embed code';
  text: string;
  ok: boolean;
}

/** The last copy and a copier that records it. */
export function useCopy(): [Copied | null, (what: Copied['what'], text: string) => Promise<void>, () => void] {
  const [copied, setCopied] = useState<Copied | null>(null);
  const copy = async (what: Copied['what'], text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ what, text, ok: true });
    } catch {
      setCopied({ what, text, ok: false });
    }
  };
  return [copied, copy, () => setCopied(null)];
}
