/**
 * The in-memory extension the background's tests run in: @webext-core/fake-browser
 * for the extension API (tests mock src/shared/browser.ts with it) and a fresh
 * fake-indexeddb factory per test for the history and the bulk batches.
 */
import { fakeBrowser } from '@webext-core/fake-browser';
import { IDBFactory } from 'fake-indexeddb';
import { resetHistoryConnection } from '../../../src/background/history/connection.ts';
import { cancelQuickRound, roundsSettled } from '../../../src/background/rounds/scheduler.ts';

export const OWN_PAGE = {
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('src/popup/index.html'),
};

export async function resetExtension(): Promise<void> {
  await roundsSettled();
  cancelQuickRound();
  resetHistoryConnection();
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
}

export { fakeBrowser };
