import { HistoryStore } from './history/history-store.ts';

let opening: Promise<HistoryStore> | undefined;

/** The worker's one connection to the history database, opened on first use. */
export function history(): Promise<HistoryStore> {
  if (opening) return opening;
  const attempt = HistoryStore.open();
  // A failed open is not cached: the next call tries again.
  attempt.catch(() => {
    if (opening === attempt) opening = undefined;
  });
  opening = attempt;
  return attempt;
}

/** For tests: forget the connection so the next call opens a fresh one. */
export function resetHistoryConnection(): void {
  void opening?.then((store) => store.close()).catch(() => undefined);
  opening = undefined;
}
