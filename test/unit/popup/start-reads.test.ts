import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { startReadsEarly, takeStartReads } from '../../../src/popup/start-reads.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
});
afterEach(() => {
  vi.restoreAllMocks();
  // What one test started early is never another's.
  void takeStartReads();
});

describe('the popup’s first reads', () => {
  it('are the ones popup-reads.js started, taken once, with nothing read again', async () => {
    await fakeBrowser.storage.session.set({ popupDraft: { draftId: 'd1' } });
    await fakeBrowser.storage.local.set({ cart: { retailer: 'amazon', items: [] } });
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    startReadsEarly();
    expect(get).toHaveBeenCalledTimes(1);
    const [session, local, tab] = await takeStartReads();
    expect(session).toEqual({ popupDraft: { draftId: 'd1' } });
    expect(local).toEqual({ cart: { retailer: 'amazon', items: [] } });
    expect(tab).toBeUndefined();
    expect(get).toHaveBeenCalledTimes(1);
    expect(fakeBrowser.tabs.query).toHaveBeenCalledTimes(1);
    // Taken once: a second opening of the first screen reads afresh.
    await takeStartReads();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('are started when the page asks, if that script has not run', async () => {
    const get = vi.spyOn(fakeBrowser.storage.session, 'get');
    const [session] = await takeStartReads();
    expect(session).toEqual({});
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('read as missing what the browser refuses, so the view that needs it asks', async () => {
    vi.spyOn(fakeBrowser.storage.session, 'get').mockRejectedValue(new Error('refused'));
    vi.mocked(fakeBrowser.tabs.query).mockRejectedValue(new Error('refused'));
    const [session, local, tab] = await takeStartReads();
    expect(session).toEqual({});
    expect(local).toEqual({});
    expect(tab).toBeUndefined();
  });
});
