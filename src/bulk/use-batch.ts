import { useEffect, useState } from 'preact/hooks';
import type { BatchFilter, BatchView } from '../shared/bulk/types.ts';
import { useConnector } from '../ui/connector.ts';

export interface LiveBatch {
  view: BatchView | null | undefined;
  error: unknown;
  reload(): void;
}

/**
 * A batch as the background counts it, read again whenever the background announces
 * a change to a batch or an order (never on a timer). Notices come fast while a batch
 * runs, so reads are coalesced: one at a time, and one more after it if anything
 * changed meanwhile.
 */
export function useBatch(batchId: string, filter: BatchFilter, limit: number): LiveBatch {
  const connector = useConnector();
  const [state, setState] = useState<{ view: BatchView | null | undefined; error: unknown }>({
    view: undefined,
    error: undefined,
  });
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    let alive = true;
    let busy = false;
    let again = false;
    const load = async () => {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          const view = await connector.call('bulk.get', { batchId, filter, limit });
          if (alive) setState({ view, error: undefined });
        } while (again && alive);
      } catch (error) {
        if (alive) setState((old) => ({ view: old.view, error }));
      } finally {
        busy = false;
      }
    };
    void load();
    const stop = connector.subscribe(['bulk', 'orders'], () => void load());
    return () => {
      alive = false;
      stop();
    };
  }, [connector, batchId, filter, limit, reloads]);
  return { ...state, reload: () => setReloads((count) => count + 1) };
}
