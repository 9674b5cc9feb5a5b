// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { button, byLabel, click, region, waitFor } from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

// After an update from a version that kept the service token in clear, Options says so
// once, in words, with the safe course (a new token from the service) and a way to it.

const OLD_TOKEN = 'tok_live_4f1a7c2e90bd';
const PLAIN = STORED_KEYS.serviceToken.key;
const NOTICE = STORED_KEYS.plainTokenNotice.key;
const TITLE = 'Your token was once stored unencrypted';

let page: OptionsPage;
afterEach(() => page.unmount());

/** What an update from 0.2.0 leaves: the token in clear, sealed by the background's first read. */
const updatedFromPlain = async () => {
  await fakeBrowser.storage.local.set({ [PLAIN]: OLD_TOKEN });
  await ask('token.status');
};

describe('the notice about a token once stored in clear', () => {
  it('says what happened and what to do, and leads to the token field', async () => {
    page = await openOptions(updatedFromPlain);
    const notice = await waitFor(() => region(TITLE));
    expect(notice.textContent).toContain(
      'An earlier version of Buyline stored your service token unencrypted.',
    );
    expect(notice.textContent).toContain(
      'the browser may keep copies of the old token in its files until it rewrites them',
    );
    expect(notice.textContent).toContain('The safe course is to replace the token');
    expect(notice.textContent).not.toContain(OLD_TOKEN);
    await click(button('Replace the token now', notice));
    expect(document.activeElement).toBe(byLabel('Replace token', region('Connection')));
  });

  it('goes for good once dismissed', async () => {
    page = await openOptions(updatedFromPlain);
    const notice = await waitFor(() => region(TITLE));
    await click(button('Dismiss', notice));
    await waitFor(() => expect(() => region(TITLE)).toThrow());
    expect((await fakeBrowser.storage.local.get(NOTICE))[NOTICE]).toBeUndefined();
    page.unmount();
    page = await openOptions(undefined, { keep: true });
    await region('Connection');
    expect(() => region(TITLE)).toThrow();
  });

  it('goes when another token is saved', async () => {
    page = await openOptions(updatedFromPlain);
    await waitFor(() => region(TITLE));
    await ask('token.set', { token: 'tok_live_new_0b8e1d' });
    await waitFor(() => expect(() => region(TITLE)).toThrow());
  });

  it('is not shown to a buyer whose token was never stored in clear', async () => {
    page = await openOptions(() => ask('token.set', { token: OLD_TOKEN }));
    await waitFor(() => expect(region('Connection').textContent).toContain('Token: set'));
    expect(() => region(TITLE)).toThrow();
  });
});
