/**
 * The address bar's hash between the app and the user: the app's delayed write never replaces a
 * link the user has just set and the app has not read yet, in either order of the two events.
 */
import { describe, expect, it } from 'vitest';
import { HashSync, type HashHost } from '../../src/ui/state/hashSync.ts';

function bar(initial: string): HashHost & { hash: string; writes: number } {
  const host = {
    hash: initial,
    writes: 0,
    get: () => host.hash,
    replace: (h: string) => {
      host.hash = h;
      host.writes++;
    },
  };
  return host;
}

describe('ui hash sync', () => {
  it('an incoming link set just before the app\'s pending write wins: the write waits, the link is read', () => {
    const host = bar('');
    const sync = new HashSync(host);
    sync.write('v1.A');
    expect(host.hash).toBe('v1.A');
    host.hash = 'v1.LINK'; // the user pastes a link; its hashchange is still queued…
    sync.write('v1.B'); // …when the app's delayed write fires
    expect(host.hash).toBe('v1.LINK');
    expect(sync.incoming()).toBe('v1.LINK'); // the hashchange handler still sees the link
    sync.write('v1.LINK-decoded');
    expect(host.hash).toBe('v1.LINK-decoded'); // and the app writes again once it has read it
  });

  it('in the other order too: the link is read first, then the app writes its state', () => {
    const host = bar('v1.A');
    const sync = new HashSync(host);
    host.hash = 'v1.LINK';
    expect(sync.incoming()).toBe('v1.LINK');
    sync.write('v1.C');
    expect(host.hash).toBe('v1.C');
  });

  it('the app\'s own hash and an empty one are not incoming links; an unchanged hash is not rewritten', () => {
    const host = bar('v1.OPENED');
    const sync = new HashSync(host);
    expect(sync.incoming()).toBeNull(); // the link the page was opened with was read at start
    sync.write('v1.OPENED');
    expect(host.writes).toBe(0);
    sync.write('v1.X');
    expect(sync.incoming()).toBeNull();
    host.hash = ''; // the user empties the hash: nothing to read, and the app writes its state again
    expect(sync.incoming()).toBeNull();
    sync.write('v1.Y');
    expect(host.hash).toBe('v1.Y');
  });
});
