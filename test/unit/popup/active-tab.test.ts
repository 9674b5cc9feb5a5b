import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { activeTab } from '../../../src/popup/tab-product.ts';

const PAGE = 'https://www.amazon.com/dp/B0PLACES01';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

describe('the active tab', () => {
  it('is its id, address and product, asked afresh each time', async () => {
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockImplementation(async () => [{ id: 7, url: PAGE }] as never);
    expect(await activeTab()).toEqual({
      url: PAGE,
      tabId: 7,
      product: { retailer: 'amazon', productId: 'B0PLACES01' },
    });
    // The page may have moved on since: a later question is asked again.
    query.mockImplementation(async () => [{ id: 7, url: 'https://example.com/' }] as never);
    expect(await activeTab()).toEqual({ url: 'https://example.com/', tabId: 7, product: null });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('lets a failed question be asked again', async () => {
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockRejectedValueOnce(new Error('no window'));
    await expect(activeTab()).rejects.toThrow('no window');
    query.mockImplementation(async () => [] as never);
    expect(await activeTab()).toEqual({ product: null });
  });
});
