/**
 * A module the first chart does not need, loaded once (on demand, or as soon as the first picture
 * is up) and read by components that draw a stand-in until it is in. Like the late checks
 * (late.ts), but observable: a component reading it with `useLate` renders again when it arrives.
 */
import { useSyncExternalStore } from 'react';
import { createStore } from './store.ts';

export interface LateModule<M> {
  /** Starts the load (once; again after a failed fetch); resolves with the module. */
  load(): Promise<M>;
  /** The module if it is in, else null. */
  get(): M | null;
  subscribe(listener: () => void): () => void;
}

export function lateModule<M>(importer: () => Promise<M>): LateModule<M> {
  const store = createStore<M | null>(null);
  let loading: Promise<M> | null = null;
  return {
    load: () =>
      (loading ??= importer().then(
        (m) => {
          store.set(m);
          return m;
        },
        (e: unknown) => {
          // a failed fetch (offline before the service worker cached it) may be tried again
          loading = null;
          throw e;
        },
      )),
    get: store.get,
    subscribe: store.subscribe,
  };
}

/** The module in a component: null until it is in, and a render again once it is. */
export function useLate<M>(m: LateModule<M>): M | null {
  return useSyncExternalStore(m.subscribe, m.get, m.get);
}
