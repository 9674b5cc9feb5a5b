// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { CONDITIONS } from '../../../src/api/contract-constants.ts';
import { OptionsApp } from '../../../src/options/app.tsx';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import type { VaultStatus } from '../../../src/shared/vault-items.ts';
import { ADDRESS } from '../../fixtures.ts';
import { mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';

// The browser's i18n, answering every message by its key, as a language with none of
// the English words would: any English word left on the page did not come through t().
const scope = globalThis as { chrome?: unknown };
beforeEach(() => {
  fakeBrowser.reset();
  localStorage.clear();
  scope.chrome = { i18n: { getMessage: (key: string) => `⟦${key}⟧` } };
});
afterEach(() => {
  cleanup();
  delete scope.chrome;
});

/**
 * What is not a sentence of the page: the user's own data (labels of saved items, shown as
 * they are), and the contract's condition values, which the shared criteria fields list
 * as the service names them ("Used - Like New").
 */
const DATA = ['Home', 'Visa ending 4242', ...CONDITIONS];

/** Every piece of text a person reads or hears that is not a message or the user's data. */
function untranslated(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    texts.push(node.textContent ?? '');
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder'])
      texts.push(element.getAttribute(name) ?? '');
  return texts
    .map((text) => text.replace(/⟦[A-Za-z0-9_]+⟧/g, '').trim())
    .filter((text) => /[A-Za-z]{2,}/.test(text) && !(DATA as string[]).includes(text));
}

describe('the options page’s words', () => {
  it('all come through the browser’s i18n, on every section and in the guide', async () => {
    const settings: Settings = {
      ...defaultSettings(),
      addresses: [{ id: 'home', label: 'Home', address: ADDRESS }],
      defaultAddressId: 'home',
    };
    const vault: VaultStatus = {
      exists: true,
      unlocked: true,
      locksAt: Date.UTC(2026, 2, 2, 12, 15),
      items: [{ id: 'card', kind: 'payment', label: 'Visa ending 4242' }],
    };
    const connector = mockConnector({
      'settings.get': () => settings,
      'token.status': () => ({ set: true, demo: true }),
      'vault.status': () => vault,
    });
    renderWith(connector, <OptionsApp />);
    await screen.findByRole('region', { name: '⟦options_guideTitle⟧' });
    await waitFor(() => expect(document.body.textContent).toContain('Visa ending 4242'));
    // The parts that open on demand: seller criteria of their own, limits for shipping,
    // the question before an address is deleted.
    const shipping = screen.getByLabelText('⟦options_shippingLabel⟧');
    fireEvent.change(shipping, { target: { value: 'object' } });
    const criteria = screen.getByRole('group', { name: '⟦options_criteriaLegend⟧' });
    fireEvent.click(criteria.querySelector('input[type="checkbox"]') as HTMLInputElement);
    fireEvent.click(screen.getByRole('button', { name: '⟦options_addressDelete⟧ Home' }));
    await waitFor(() => expect(untranslated()).toEqual([]));
    expect(screen.getByRole('group', { name: '⟦options_addressDeleteQuestion⟧' })).toBeTruthy();
  });

  it('all come through the browser’s i18n before the vault exists and with a token of one’s own', async () => {
    const connector = mockConnector({
      'settings.get': () => defaultSettings(),
      'token.status': () => ({
        set: true,
        check: {
          result: 'token_rejected',
          message: '⟦background⟧',
          at: Date.UTC(2026, 2, 2, 12, 0),
        },
      }),
      'vault.status': () => ({ exists: false, unlocked: false, items: [] }),
    });
    renderWith(connector, <OptionsApp />);
    await screen.findByLabelText('⟦options_newPassphrase⟧');
    await waitFor(() => expect(document.body.textContent).toContain('⟦options_tokenStateSet⟧'));
    fireEvent.click(screen.getByRole('button', { name: '⟦options_historyClearAsk⟧' }));
    await screen.findByRole('button', { name: '⟦options_historyClearConfirm⟧' });
    expect(untranslated()).toEqual([]);
  });
});
