/**
 * The app's side of the address bar's hash: it writes the state there (a moment after each
 * change) and reads links the user pastes or edits. The two can cross: a link set just before
 * the app's delayed write fires would be overwritten before its hashchange handler reads it,
 * and then ignored as the app's own. So the app remembers the last hash it wrote or read; a
 * different one in the address bar is an incoming link not yet read, and it wins: the write
 * waits, and the link is read.
 */
export interface HashHost {
  /** The hash without '#'. */
  get(): string;
  /** Replaces the hash without a history entry or a hashchange event. */
  replace(hash: string): void;
}

export const locationHash: HashHost = {
  get: () => location.hash.replace(/^#/, ''),
  replace: (hash) => history.replaceState(null, '', `#${hash}`),
};

export class HashSync {
  private seen: string;

  constructor(private readonly host: HashHost = locationHash) {
    this.seen = host.get();
  }

  /** Puts the app's hash in the address bar, unless an incoming link is waiting to be read. */
  write(hash: string): void {
    const now = this.host.get();
    if (now !== this.seen) return;
    this.seen = hash;
    if (now !== hash) this.host.replace(hash);
  }

  /** On hashchange: the link to read, or null when the hash is empty or the app's own. */
  incoming(): string | null {
    const hash = this.host.get();
    if (hash === this.seen) return null;
    this.seen = hash; // an emptied hash too, so the next write fills it again
    return hash === '' ? null : hash;
  }
}
