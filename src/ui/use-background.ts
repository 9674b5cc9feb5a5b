import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ChangeNotice, ChangeScope } from '../shared/change-feed.ts';
import { type Connector, useConnector } from './connector.ts';

export interface BackgroundData<T> {
  data: T | undefined;
  error: unknown;
  /** Reads again now (after an action of the view's own). */
  reload(): void;
  /** Shows an answer the view already has (an action's reply) without reading again. */
  show(data: T): void;
}

/**
 * Reads what a view shows from the background, again on each change announced in one of
 * `scopes` (never on a timer). `deps` start a fresh read; `concerns` narrows the notices
 * (an order's own id); a read that returns after a newer one started is dropped.
 * `initial`, an answer read before the view was drawn, is shown at once and not read again.
 * With `oneAtATime` (notices that come fast, as while a batch runs) reads never overlap:
 * notices during a read make one more read after it.
 */
export function useBackground<T>(
  read: (connector: Connector) => Promise<T>,
  scopes: readonly ChangeScope[],
  deps: readonly unknown[] = [],
  concerns: (notice: ChangeNotice) => boolean = () => true,
  initial?: T,
  oneAtATime = false,
): BackgroundData<T> {
  const connector = useConnector();
  const [state, setState] = useState<{ data: T | undefined; error: unknown }>({
    data: initial,
    error: undefined,
  });
  const given = useRef(initial !== undefined);
  const latest = useRef(0);
  const queue = useRef({ busy: false, again: false });
  const current = useRef({ read, concerns });
  current.current = { read, concerns };

  const load = async () => {
    const q = queue.current;
    q.again = oneAtATime && q.busy;
    if (q.again) return;
    q.busy = true;
    const ticket = ++latest.current;
    try {
      const data = await current.current.read(connector);
      if (ticket === latest.current) setState({ data, error: undefined });
    } catch (error) {
      if (ticket === latest.current) setState((old) => ({ data: old.data, error }));
    }
    q.busy = false;
    if (q.again) void load();
  };

  // Started as soon as the view is on screen, not a frame later: it only asks.
  useLayoutEffect(() => {
    if (given.current) given.current = false;
    else load();
    const stop = connector.subscribe(scopes, (notice) => {
      if (current.current.concerns(notice)) load();
    });
    return () => {
      // A read still under way belongs to the view that is going away.
      latest.current += 1;
      queue.current.again = false;
      stop();
    };
  }, [connector, scopes.join(), ...deps]);

  return {
    ...state,
    reload: load,
    show: (data) => {
      latest.current += 1;
      setState({ data, error: undefined });
    },
  };
}
