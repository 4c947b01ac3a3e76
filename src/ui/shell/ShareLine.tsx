/** The line under the toolbar after Share or Embed: "copied", or the text to copy by hand when the clipboard refused. */
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

export function ShareLine({ copied, onClose }: { copied: Copied; onClose: () => void }) {
  return (
    <p className="share-line" role="status">
      {copied.ok ? `${copied.what === 'link' ? 'Link' : 'Embed code'} copied to the clipboard.` : `Copy this ${copied.what}:`}{' '}
      <input
        className="share-url"
        data-testid={copied.what === 'link' ? 'share-link' : 'embed-code-text'}
        readOnly
        value={copied.text}
        aria-label={copied.what === 'link' ? 'Link to this scenario and view' : 'HTML that embeds this scenario in a course page'}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" onClick={onClose}>
        Close
      </button>
    </p>
  );
}
