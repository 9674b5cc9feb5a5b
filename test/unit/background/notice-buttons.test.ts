import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import {
  orderPagePath,
  pageForNotification,
} from '../../../src/background/telling/notice-clicks.ts';
import {
  announceOrderChange,
  orderPageOfButton,
} from '../../../src/background/telling/notifier.ts';
import { fakeBrowser, resetExtension } from './extension-env.ts';
import { orderRecord } from './fixtures.ts';

// The buttons of an order's notices: "Cancel order" on the placed one while the order's
// life offers a cancellation, "How to fix it" on the failed one; and what each opens.

const shown = () =>
  fakeBrowser.notifications.getAllCreateOptions() as Record<string, { buttons?: unknown }>;

describe('the buttons of an order’s notices', () => {
  beforeEach(resetExtension);

  const processing = orderRecord({ localId: 'o1', state: 'processing', title: 'Desk lamp' });

  it('offers Cancel order on a placed order its life can cancel', async () => {
    const placed = { ...processing, state: 'placed' as const, merchantOrderIds: ['M-1'] };
    await announceOrderChange(processing, placed);
    expect(shown()['buyline:order:o1:placed']?.buttons).toEqual([{ title: 'Cancel order' }]);
  });

  it('offers no button on a placed order its life cannot cancel (no merchant order yet)', async () => {
    await announceOrderChange(processing, { ...processing, state: 'placed' as const });
    expect(shown()['buyline:order:o1:placed']).toBeDefined();
    expect(shown()['buyline:order:o1:placed']).not.toHaveProperty('buttons');
  });

  it('offers How to fix it on a failed order', async () => {
    await announceOrderChange(processing, {
      ...processing,
      state: 'failed',
      failure: { code: 'no_free_shipping', message: '', title: 'No free shipping', fix: 'Pick.' },
    });
    expect(shown()['buyline:order:o1:failed']?.buttons).toEqual([{ title: 'How to fix it' }]);
  });

  it('opens the placed order’s cancellation, the failed order itself, and nothing else', () => {
    expect(orderPageOfButton('buyline:order:o1:placed', 0)).toEqual({
      localId: 'o1',
      confirm: true,
    });
    expect(orderPageOfButton('buyline:order:o1:failed', 0)).toEqual({
      localId: 'o1',
      confirm: false,
    });
    expect(orderPageOfButton('buyline:order:o1:placed', 1)).toBeUndefined();
    expect(orderPageOfButton('buyline:order:o1:held', 0)).toBeUndefined();
    expect(orderPageOfButton('buyline:order:o1:cancelled', 0)).toBeUndefined();
  });

  it('addresses the popup’s page at the order or its cancellation’s confirmation', () => {
    expect(orderPagePath('a b', true)).toBe('src/popup/index.html#order=a%20b&confirm');
    expect(pageForNotification('buyline:order:o1:placed')).toBe('src/popup/index.html#order=o1');
  });
});
