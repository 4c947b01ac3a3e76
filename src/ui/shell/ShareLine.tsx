/** The line under the toolbar after Share or Embed: "copied", or the text to copy by hand when the clipboard refused. */
import type { Copied } from './copy.ts';

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
