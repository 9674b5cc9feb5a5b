// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import {
  alerts,
  button,
  byLabel,
  click,
  messageOf,
  queryButton,
  region,
  statuses,
  type,
  waitFor,
} from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

let page: OptionsPage;
const behaviour = () => region('Behaviour');
const webhooks = () => region('Webhooks');

beforeEach(async () => {
  page = await openOptions();
});
afterEach(() => page.unmount());

describe('the behaviour section', () => {
  it('holds the hold, notifications, checks and the vault lock, apart from the order defaults', async () => {
    for (const label of [
      'Hold each order before sending (seconds)',
      'Notify when tracking arrives',
      'Waiting is long after (minutes)',
      'Check orders being placed every (seconds)',
      'Check tracking every (minutes)',
      'Lock the vault after idle (minutes)',
    ]) {
      expect(byLabel(label, behaviour())).toBeTruthy();
      expect(() => byLabel(label, region('Order defaults'))).toThrow();
    }
    expect(queryButton('Save behaviour', behaviour())).toBeTruthy();
  });

  it('stores what it shows with its own button', async () => {
    await type(byLabel('Hold each order before sending (seconds)', behaviour()), '0');
    await click(byLabel('Notify when tracking arrives', behaviour()));
    await type(byLabel('Waiting is long after (minutes)', behaviour()), '90');
    await type(byLabel('Check tracking every (minutes)', behaviour()), '60');
    await type(byLabel('Lock the vault after idle (minutes)', behaviour()), '5');
    await click(button('Save behaviour', behaviour()));
    await waitFor(() => expect(statuses(behaviour())).toContain('Behaviour saved.'));
    expect(await ask('settings.get')).toMatchObject({
      holdSeconds: 0,
      notifications: { tracking: false, placed: true },
      managedWaitingMinutes: 90,
      polling: { fastSeconds: 5, trackingMinutes: 60 },
      vaultIdleLockMinutes: 5,
    });
    // What it said about the save goes once something changes again.
    await type(byLabel('Check tracking every (minutes)', behaviour()), '61');
    expect(statuses(behaviour())).not.toContain('Behaviour saved.');
    expect(behaviour().textContent).toContain('Changes are kept once you save them.');
  });

  it('refuses invalid values at their fields and puts focus on the first', async () => {
    await type(byLabel('Hold each order before sending (seconds)', behaviour()), '90');
    await type(byLabel('Check orders being placed every (seconds)', behaviour()), 'often');
    await click(button('Save behaviour', behaviour()));
    await waitFor(() =>
      expect(messageOf(byLabel('Hold each order before sending (seconds)', behaviour()))).toBe(
        'Hold each order before sending (seconds) must be 60 or less.',
      ),
    );
    expect(messageOf(byLabel('Check orders being placed every (seconds)', behaviour()))).toBe(
      'Check orders being placed every (seconds) must be a number.',
    );
    expect(alerts(behaviour())).toContain('Not saved: correct the fields marked above.');
    expect(document.activeElement).toBe(
      byLabel('Hold each order before sending (seconds)', behaviour()),
    );
    expect(await ask('settings.get')).toMatchObject({
      holdSeconds: 5,
      polling: { fastSeconds: 5 },
    });
  });
});

describe('the webhooks section', () => {
  it('labels each webhook in words and stores the URLs with its own button', async () => {
    const labels = [...webhooks().querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual([
      'URL for placed orders',
      'URL for failed orders',
      'URL for first tracking',
      'URL for tracking changes',
      'URL for status changes',
      'URL for case updates',
    ]);
    await type(byLabel('URL for failed orders', webhooks()), 'https://hooks.example/failed');
    await click(button('Save webhooks', webhooks()));
    await waitFor(() => expect(statuses(webhooks())).toContain('Webhooks saved.'));
    expect((await ask('settings.get')).webhooks).toEqual({
      request_failed: 'https://hooks.example/failed',
    });
  });

  it('says what is wrong with a URL at its field, in its label’s words, until it changes', async () => {
    const field = byLabel('URL for status changes', webhooks());
    await type(field, 'not a url');
    await click(button('Save webhooks', webhooks()));
    await waitFor(() =>
      expect(messageOf(field)).toBe('URL for status changes must be a full http(s) URL.'),
    );
    expect(document.activeElement).toBe(field);
    await type(field, 'https://hooks.example/status');
    expect(messageOf(field)).toBe('Optional.');
    expect(alerts(webhooks())).toEqual([]);
  });
});
