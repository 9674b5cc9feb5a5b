import { useEffect, useState } from 'preact/hooks';
import { chunks } from '../shared/bulk/group-orders.ts';
import type { SentOrder } from '../shared/bulk/messages.ts';
import type { BulkOptions, CheckedOrder } from '../shared/bulk/types.ts';
import type { Connector } from '../ui/connector.ts';

/** Orders checked per message: small enough that progress shows on a large file. */
const CHUNK = 250;

export interface DryRun {
  checked: CheckedOrder[];
  /** Orders in the file (checked or not yet). */
  total: number;
  done: boolean;
  batchProblems: string[];
  error?: unknown;
}

/**
 * The dry run of a file: its orders go in chunks to the background's check (the one every
 * order passes), never to the service. A new file or other options start it again.
 */
export function useDryRun(
  connector: Connector,
  orders: SentOrder[] | undefined,
  options: BulkOptions | undefined,
): DryRun | undefined {
  const [run, setRun] = useState<DryRun | undefined>();
  const optionsKey = JSON.stringify(options ?? null);
  useEffect(() => {
    if (!orders || !options) {
      setRun(undefined);
      return;
    }
    let current = true;
    const checked: CheckedOrder[] = [];
    setRun({ checked: [], total: orders.length, done: false, batchProblems: [] });
    (async () => {
      let batchProblems: string[] = [];
      for (const chunk of chunks(orders, CHUNK)) {
        const reply = await connector.call('bulk.check', { options, orders: chunk });
        if (!current) return;
        checked.push(...reply.orders);
        batchProblems = reply.batchProblems;
        setRun({ checked: [...checked], total: orders.length, done: false, batchProblems });
      }
      setRun({ checked, total: orders.length, done: true, batchProblems });
    })().catch((error: unknown) => {
      if (current) setRun({ checked, total: orders.length, done: true, batchProblems: [], error });
    });
    return () => {
      current = false;
    };
  }, [connector, orders, optionsKey]);
  return run;
}
