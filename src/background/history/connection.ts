import { keptOpen } from '../kept-open.ts';
import { HistoryStore } from './history-store.ts';

const connection = keptOpen(() => HistoryStore.open());

/** The worker's one connection to the history database, opened on first use. */
export const history = (): Promise<HistoryStore> => connection.get();

/** For tests: forget the connection so the next call opens a fresh one. */
export const resetHistoryConnection = (): void => connection.forget();
