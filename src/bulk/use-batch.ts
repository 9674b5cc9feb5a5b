import { useEffect, useState } from 'preact/hooks';
import type { BatchFilter, BatchView } from '../shared/bulk/types.ts';
import { useConnector } from '../ui/connector.ts';

/**
 * A batch as the background counts it, read again on each change announced to a batch or
 * an order. Notices come fast while a batch runs, so reads are coalesced: one at a time,
 * and one more after it if anything changed meanwhile.
 */
export function useBatch(batchId: string, filter: BatchFilter, limit: number) {
  const connector = useConnector();
  const [state, setState] = useState<{ view?: BatchView | null; error?: unknown }>({});
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
          if (alive) setState({ view });
        } while (again && alive);
      } catch (error) {
        if (alive) setState((old) => ({ ...old, error }));
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
  }, [connector, batchId, filter, limit]);
  return state;
}
