// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { loadTheRest } from '../../../src/popup/later.ts';
import type { Settings } from '../../../src/shared/settings.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { type amazonTab, orderRecord, settingsWithHome } from './fixtures.ts';
import { renderOrderView } from './order-view-render.tsx';

// The line above Place order states the maximum price as its field holds it, and the
// quantity field keeps what the buyer typed and says a whole number from 1 is needed.

let connector: MockConnector;
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  connector = mockConnector({
    'order.place': ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: orderRecord({ localId: draftId }),
    }),
  });
});

const open = (settings?: Settings, tab?: ReturnType<typeof amazonTab>) =>
  renderOrderView(connector, settings, tab);

const summary = () => document.querySelector('p.summary')?.textContent ?? '';
const type = async (label: string, value: string) =>
  fireEvent.input(await screen.findByLabelText(label), { target: { value } });
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the summary above Place order', () => {
  it('states the guard the field holds', async () => {
    open();
    await type('Maximum price (USD)', '25.50');
    await waitFor(() => expect(summary()).toContain('at most $25.50'));
  });

  it.each([
    ['abc', 'maximum price “abc” is not an amount'],
    // As its field says it: an amount, but below zero.
    ['-5', "maximum price “-5”, which can't be negative"],
  ])('says what is wrong with %j, never "no price limit"', async (text, says) => {
    open();
    await type('Maximum price (USD)', text);
    await waitFor(() => expect(summary()).toContain(says));
    expect(summary()).not.toContain('no price limit');
  });

  it('says the guard is missing on a managed order, which needs one', async () => {
    open();
    await type('Maximum price (USD)', '');
    await waitFor(() =>
      expect(summary()).toContain('no maximum price yet (a managed account needs one)'),
    );
    expect(summary()).not.toContain('no price limit');
  });

  it('says "no price limit" only for an own-account order with the field empty', async () => {
    open(settingsWithHome({ mode: 'own' }));
    await type('Maximum price (USD)', '');
    await waitFor(() => expect(summary()).toContain('no price limit'));
  });
});

describe('the quantity field', () => {
  it.each([['1.5'], ['abc']])(
    'keeps %j as typed, sends it so, and says a whole number from 1 is needed',
    async (text) => {
      connector.answer('order.place', () => ({
        placed: false,
        problems: [
          {
            field: 'products.0.quantity',
            message: 'products.0.quantity must be a whole number of at least 1.',
          },
        ],
      }));
      open();
      await type('Quantity', text);
      const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
      await waitFor(() => expect(quantity.value).toBe(text));
      expect(summary()).toContain(`${text} × Sandbox Test Item`);
      fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() =>
        expect(messageOf(quantity)).toBe('Quantity must be a whole number, 1 or more.'),
      );
      expect(connector.callsOf('order.place')[0]?.request.products).toEqual([
        expect.objectContaining({ quantity: text }),
      ]);
      expect(quantity.value).toBe(text);
    },
  );

  it('takes a whole number as the quantity and moves the guard with it', async () => {
    open();
    await type('Quantity', '3');
    await waitFor(() => expect(summary()).toContain('3 × Sandbox Test Item'));
    const guard = (screen.getByLabelText('Maximum price (USD)') as HTMLInputElement).value;
    expect(Number(guard)).toBeGreaterThan(3 * 19.99 - 0.01);
  });
});
