// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { loadTheRest } from '../../../src/popup/later.ts';
import type { OrderView as Order, PlaceReply } from '../../../src/shared/protocol.ts';
import type { Settings } from '../../../src/shared/settings.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { orderRecord, settingsWithHome } from './fixtures.ts';
import { messageOf, renderOrderView } from './order-view-render.tsx';

// The order form as a buyer goes through it: folded to one-line parts with the action
// always there, Enter placing from any field (once), an address pasted for this order
// alone, problems in the words of the fields, and "Order again" after a failure.

let connector: MockConnector;
let stored: Order;
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  stored = orderRecord({ state: 'processing' });
  connector = mockConnector({
    'order.place': ({ draftId }) => {
      stored = { ...stored, localId: draftId };
      return { placed: true, duplicate: false, order: stored };
    },
    'order.get': () => ({ order: orderRecord(stored), cancellations: [], events: [] }),
    'settings.update': ({ patch }) => ({ ...settingsWithHome(), ...(patch as Partial<Settings>) }),
  });
});

const open = (settings?: Settings) => renderOrderView(connector, settings);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const summaries = () =>
  [...document.querySelectorAll('details > summary')].map((summary) => summary.textContent);
const enterIn = (control: HTMLElement) =>
  fireEvent.submit(control.closest('form') as HTMLFormElement);

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the compact form', () => {
  it('folds every part but quantity, maximum and address to a line that says what it holds', async () => {
    open();
    await screen.findByLabelText('Maximum price (USD)');
    expect(summaries()).toEqual([
      'Managed account · no discount · waits up to 4 hours',
      'Shipping · Cheapest',
      'Seller criteria · service defaults',
      'Gift · no',
      'Advanced',
    ]);
    expect([...document.querySelectorAll('details')].every((part) => !part.open)).toBe(true);
    // The action is in the form's footer, which stays in view (base.css `.act`).
    expect(screen.getByRole('button', { name: 'Place order' }).closest('.act')).toBeTruthy();
  });

  it('follows the form in its lines as the buyer changes it', async () => {
    open();
    fireEvent.input(await screen.findByLabelText('Managed account discount (%)'), {
      target: { value: '-10' },
    });
    fireEvent.input(field('Longest wait in the managed queue (minutes)'), {
      target: { value: '15' },
    });
    fireEvent.change(field('Shipping method'), { target: { value: 'fastest' } });
    await waitFor(() =>
      expect(summaries().slice(0, 2)).toEqual([
        'Managed account · -10 % discount · waits up to 15 minutes',
        'Shipping · Fastest',
      ]),
    );
  });

  it('places with Enter in any field, and a second Enter is not a second order', async () => {
    let answer: (result: PlaceReply) => void = () => undefined;
    connector.answer('order.place', () => new Promise((resolve) => (answer = resolve)));
    open();
    const max = await screen.findByLabelText('Maximum price (USD)');
    enterIn(max);
    enterIn(field('Quantity'));
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Placing…' })).toHaveProperty('disabled', true);
    answer({ placed: true, duplicate: false, order: stored });
    await screen.findByRole('region', { name: 'Placed order' });
    expect(connector.callsOf('order.place')).toHaveLength(1);
  });
});

describe('a one-off address', () => {
  const BLOCK =
    'Ada Lovelace\n77 Massachusetts Ave, Apt 4\nCambridge, MA 02139\nUSA\n+1 617 555 0100';

  it('is pasted, split into fields the buyer corrects, and sent as typed', async () => {
    open();
    fireEvent.change(await screen.findByLabelText('Ship to'), { target: { value: '+new' } });
    fireEvent.input(await screen.findByLabelText('Paste the address'), {
      target: { value: BLOCK },
    });
    await waitFor(() => expect(field('First name').value).toBe('Ada'));
    expect(field('Last name').value).toBe('Lovelace');
    expect(field('Address line 1').value).toBe('77 Massachusetts Ave');
    expect(field('Address line 2').value).toBe('Apt 4');
    expect(field('City').value).toBe('Cambridge');
    expect(field('State').value).toBe('MA');
    expect(field('ZIP code').value).toBe('02139');
    expect(field('Country').value).toBe('US');
    fireEvent.input(field('City'), { target: { value: 'Boston' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('region', { name: 'Placed order' });
    expect(connector.callsOf('order.place')[0]?.request.shipping_address).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line1: '77 Massachusetts Ave',
      address_line2: 'Apt 4',
      city: 'Boston',
      state: 'MA',
      zip_code: '02139',
      country: 'US',
      phone_number: '+1 617 555 0100',
    });
    // Not asked to be saved: the settings are left alone.
    expect(connector.callsOf('settings.update')).toEqual([]);
  });

  it('shows the background’s problems at its fields, and is saved only when asked', async () => {
    connector.answer('order.place', () => ({
      placed: false,
      problems: [
        {
          field: 'shipping_address.zip_code',
          message: 'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
        },
      ],
    }));
    open();
    fireEvent.change(await screen.findByLabelText('Ship to'), { target: { value: '+new' } });
    fireEvent.input(await screen.findByLabelText('Paste the address'), {
      target: { value: BLOCK.replace('02139', '2139') },
    });
    fireEvent.click(screen.getByLabelText('Save this address'));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(messageOf(field('ZIP code'))).toBe(
        'ZIP code must be 5 digits, or 5+4 such as 02139-4307.',
      ),
    );
    expect(document.activeElement).toBe(field('ZIP code'));
    expect(connector.callsOf('settings.update')).toEqual([]);
    connector.answer('order.place', ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: { ...stored, localId: draftId },
    }));
    // A ZIP code of four digits left the town line unread: the buyer completes it.
    expect(field('City').value).toBe('');
    fireEvent.input(field('ZIP code'), { target: { value: '02139' } });
    fireEvent.input(field('City'), { target: { value: 'Cambridge' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('region', { name: 'Placed order' });
    const updates = connector.callsOf('settings.update');
    expect(updates).toHaveLength(1);
    const patch = updates[0]?.patch as Pick<Settings, 'addresses'>;
    const addresses = patch.addresses;
    expect(addresses).toHaveLength(2);
    expect(addresses[1]).toMatchObject({
      label: 'Ada Lovelace, Cambridge',
      address: { zip_code: '02139', city: 'Cambridge', country: 'US' },
    });
  });
});

describe('problems in the words of the fields', () => {
  it('names the field as its label does, and moves the focus to the first', async () => {
    connector.answer('order.place', () => ({
      placed: false,
      problems: [
        { field: 'max_price', message: 'max_price must not be negative.' },
        {
          field: 'products.0.quantity',
          message: 'products.0.quantity must be a whole number of at least 1.',
        },
      ],
    }));
    open();
    fireEvent.input(await screen.findByLabelText('Maximum price (USD)'), {
      target: { value: '-5.00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(messageOf(field('Maximum price (USD)'))).toBe("Maximum price can't be negative."),
    );
    expect(messageOf(field('Quantity'))).toBe('Quantity must be a whole number, 1 or more.');
    // A negative amount is sent as one, for the background to say so.
    expect(connector.callsOf('order.place')[0]?.request.max_price).toBe(-500);
    // The first problem in the form has the focus.
    expect(document.activeElement).toBe(field('Quantity'));
    expect(document.body.textContent).not.toMatch(/max_price|products\.0/);
  });

  it('opens a folded part that holds a problem', async () => {
    connector.answer('order.place', () => ({
      placed: false,
      problems: [{ field: 'promo_codes', message: 'promo_codes must not be empty.' }],
    }));
    open();
    await screen.findByLabelText('Maximum price (USD)');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(field('Promo codes (comma separated)')),
    );
    expect(field('Promo codes (comma separated)').closest('details')?.open).toBe(true);
  });
});

describe('order again', () => {
  it('brings the failed order’s form back as a new order, with the field to change marked', async () => {
    open();
    fireEvent.input(await screen.findByLabelText('Maximum price (USD)'), {
      target: { value: '5.00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('region', { name: 'Placed order' });
    const first = connector.callsOf('order.place')[0]?.draftId;
    stored = {
      ...stored,
      state: 'failed',
      failure: {
        code: 'max_price_exceeded',
        message: 'The total 21.24 is above max_price 5.00.',
        title: 'The price went above your maximum.',
        fix: 'Raise the maximum price, then place the order again.',
      },
    };
    connector.publish(['orders'], [stored.localId]);
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    const max = await screen.findByLabelText('Maximum price (USD)');
    expect((max as HTMLInputElement).value).toBe('5.00');
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(max)).toBe('Raise the maximum price, then place the order again.');
    expect(document.activeElement).toBe(max);
    fireEvent.input(max, { target: { value: '25.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(2));
    const second = connector.callsOf('order.place')[1];
    expect(second?.draftId).not.toBe(first);
    expect(second?.request.max_price).toBe(2500);
  });

  it('marks the shipping method when free shipping was not to be had', async () => {
    open();
    await screen.findByLabelText('Maximum price (USD)');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('region', { name: 'Placed order' });
    stored = {
      ...stored,
      state: 'failed',
      failure: {
        code: 'no_free_shipping',
        message: 'No free shipping.',
        title: 'Free shipping is not offered.',
        fix: 'Choose another shipping method.',
      },
    };
    connector.publish(['orders'], [stored.localId]);
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(document.activeElement).toBe(field('Shipping method')));
    expect(messageOf(field('Shipping method'))).toBe('Choose another shipping method.');
    expect(field('Shipping method').closest('details')?.open).toBe(true);
  });
});

describe('the price guard at its field', () => {
  it('marks a negative maximum at the field as it is typed, and Place order looks unavailable', async () => {
    open();
    const place = await screen.findByRole('button', { name: 'Place order' });
    expect(place.className).not.toContain('unavailable');
    fireEvent.input(field('Maximum price (USD)'), { target: { value: '-5' } });
    expect(field('Maximum price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(field('Maximum price (USD)'))).toBe("Maximum price can't be negative.");
    expect(place.className).toContain('unavailable');
    // The line it points to says why.
    expect(place.getAttribute('aria-describedby')).toBe('order-summary');
    fireEvent.input(field('Maximum price (USD)'), { target: { value: 'abc' } });
    expect(messageOf(field('Maximum price (USD)'))).toBe(
      '“abc” is not an amount: type one such as 25.00.',
    );
    fireEvent.input(field('Maximum price (USD)'), { target: { value: '25.00' } });
    expect(field('Maximum price (USD)').getAttribute('aria-invalid')).toBeNull();
    expect(place.className).not.toContain('unavailable');
  });

  it('looks unavailable with the required maximum empty, and a click still says why at the field', async () => {
    connector.answer('order.place', () => ({
      placed: false,
      problems: [{ field: 'max_price', message: 'max_price is required for a managed order.' }],
    }));
    open();
    const place = await screen.findByRole('button', { name: 'Place order' });
    fireEvent.input(field('Maximum price (USD)'), { target: { value: '' } });
    expect(place.className).toContain('unavailable');
    // Not marked before the buyer asked: an empty field is not yet a mistake.
    expect(field('Maximum price (USD)').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(place);
    await waitFor(() =>
      expect(field('Maximum price (USD)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(messageOf(field('Maximum price (USD)'))).not.toBe('');
    expect(document.activeElement).toBe(field('Maximum price (USD)'));
  });
});
