// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { loadTheRest } from '../../../src/popup/later.ts';
import { OrderView } from '../../../src/popup/order-view.tsx';
import type { TabProduct } from '../../../src/popup/tab-product.ts';
import type { Settings } from '../../../src/shared/settings.ts';
import type { VaultStatus } from '../../../src/shared/vault-items.ts';
import { ADDRESS } from '../../fixtures.ts';
import { type MockConnector, mockConnector, refusal } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, OPEN_VAULT, orderRecord, settingsWithHome } from './fixtures.ts';

let connector: MockConnector;
const openOptions = vi.fn();
const onVault = vi.fn();

beforeEach(() => {
  fakeBrowser.reset();
  openOptions.mockReset();
  onVault.mockReset();
  connector = mockConnector({
    'order.place': ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: orderRecord({ localId: draftId, state: 'processing' }),
    }),
    'order.get': ({ localId }) => ({
      order: orderRecord({ localId }),
      cancellations: [],
      events: [],
    }),
  });
});
afterEach(cleanup);

function open(
  tab: TabProduct = amazonTab(),
  settings: Settings = settingsWithHome(),
  vault: VaultStatus = LOCKED_VAULT,
  pageRead = true,
) {
  return renderWith(
    connector,
    <OrderView
      tab={tab}
      pageRead={pageRead}
      settings={settings}
      vault={vault}
      onShowOrders={() => undefined}
      onOpenOptions={openOptions}
      onOpenOrder={() => undefined}
      onVault={onVault}
    />,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const place = () => fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the order form', () => {
  it('fills from the saved defaults and the page: price, guard, address, account', async () => {
    open();
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    // 19.99 with the default 10% tolerance, rounded up to the cent.
    expect(max.value).toBe('21.99');
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect((field('Ship to') as unknown as HTMLSelectElement).value).toBe('home');
    expect(
      ((await screen.findByLabelText('Order with a managed account')) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText(/^1 × Sandbox Test Item to Cambridge, at most \$21\.99/)).toBeTruthy();
    expect(screen.queryByText('The page says this item is unavailable.')).toBeNull();
  });

  it('prefills the guard with the saved tolerance times the quantity', async () => {
    open(amazonTab(), settingsWithHome({ maxPriceTolerance: { percent: 0, amountCents: 150 } }));
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    expect(max.value).toBe('21.49');
    fireEvent.input(field('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(field('Maximum price (USD)').value).toBe('61.47'));
    // A maximum the buyer typed stays when the quantity changes.
    fireEvent.input(field('Maximum price (USD)'), { target: { value: '70' } });
    fireEvent.input(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(field('Maximum price (USD)').value).toBe('70'));
  });

  it('says when the page shows no price instead of guessing a guard', async () => {
    const tab = amazonTab();
    delete tab.details.price;
    open(tab);
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    expect(max.value).toBe('');
    expect(screen.getByText('No price on this page: set a maximum price.')).toBeTruthy();
  });

  it('warns when the page says the item is unavailable, and still lets the buyer order', async () => {
    open(amazonTab({ availability: 'out_of_stock' }));
    await screen.findByText('The page says this item is unavailable.');
    place();
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(1));
  });

  it('sends the form’s request once, to the background, and shows the order it placed', async () => {
    open();
    await screen.findByLabelText('Maximum price (USD)');
    place();
    await screen.findByRole('region', { name: 'Placed order' });
    const sent = connector.callsOf('order.place');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'Sandbox Test Item',
      request: {
        retailer: 'amazon',
        products: [{ product_id: 'B0PLACES01', quantity: 1 }],
        shipping_address: ADDRESS,
        is_gift: false,
        shipping_method: 'cheapest',
        max_price: 2199,
        addax: true,
      },
    });
    expect(sent[0]).not.toHaveProperty('secrets');
    // The form was forgotten: the next popup starts afresh.
    expect(await fakeBrowser.storage.session.get('popupDraft')).toEqual({});
  });

  it('shows the problems the background returns at their fields, and the rest below', async () => {
    connector.answer('order.place', () => ({
      placed: false,
      problems: [
        {
          field: 'products.0.quantity',
          message: 'products.0.quantity must be a whole number of at least 1.',
        },
        { field: 'max_price', message: 'max_price must be a number.' },
        {
          field: 'webhooks.case_updated',
          message: 'webhooks.case_updated must be a full http(s) URL.',
        },
        { field: 'products.0.product_id', message: 'products.0.product_id must not be empty.' },
        { field: 'idempotency_key', message: 'idempotency_key must be at most 255 characters.' },
      ],
    }));
    open();
    await screen.findByLabelText('Maximum price (USD)');
    place();
    const quantity = field('Quantity');
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(quantity)).toBe('Quantity must be a whole number, 1 or more.');
    expect(messageOf(field('Maximum price (USD)'))).toBe('Maximum price (USD) must be a number.');
    // Named as Options names it (ui/webhook-labels.ts), never by the event's API name.
    expect(messageOf(field('URL for case updates'))).toBe(
      'URL for case updates must be a full http(s) URL.',
    );
    expect(screen.queryByLabelText(/case.updated|request.succeeded/i)).toBeNull();
    // A problem no field shows is listed as it came, never lost.
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('idempotency_key must be at most 255 characters.');
    expect(alerts).not.toContain('max_price must be a number.');
    // Editing the form clears the answer; nothing more was sent.
    fireEvent.input(quantity, { target: { value: '2' } });
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBeNull());
    expect(connector.callsOf('order.place')).toHaveLength(1);
  });

  it('sends text it cannot read as typed, for the background to name', async () => {
    open();
    await screen.findByLabelText('Maximum price (USD)');
    fireEvent.input(field('Maximum price (USD)'), { target: { value: 'abc' } });
    place();
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(1));
    expect(connector.callsOf('order.place')[0]?.request).toMatchObject({ max_price: 'abc' });
  });

  it('names the vault items of an own-account order; the background adds the secrets', async () => {
    // Two cards: the login and the billing address are the only ones that fit and are
    // preselected; the card is the buyer's choice.
    const vault: VaultStatus = {
      ...OPEN_VAULT,
      items: [...OPEN_VAULT.items, { id: 'card2', kind: 'payment', label: 'Amex ending 0005' }],
    };
    connector.answer('order.place', () => ({
      placed: false,
      problems: [
        {
          field: 'payment_method',
          message:
            'payment_method is required when ordering with your own account: add it, or set addax: true for managed accounts.',
        },
      ],
    }));
    open(amazonTab(), settingsWithHome({ mode: 'own' }), vault);
    await waitFor(() => expect(field('Retailer login').value).toBe('login'));
    expect(field('Billing address').value).toBe('billing');
    expect(field('Payment').value).toBe('');
    place();
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(1));
    // Without all three chosen, none is named: the background says what is missing.
    expect(connector.callsOf('order.place')[0]).not.toHaveProperty('secrets');
    expect(connector.callsOf('order.place')[0]?.request).not.toHaveProperty('addax');
    await waitFor(() =>
      expect(messageOf(field('Payment'))).toBe(
        'Choose a card or the gift balance to pay with (saved in Options).',
      ),
    );
    // The focus went to the field to correct, in its unfolded section.
    expect(document.activeElement).toBe(field('Payment'));
    expect(field('Payment').closest('details')?.open).toBe(true);
    fireEvent.change(field('Payment'), { target: { value: 'card2' } });
    connector.answer('order.place', ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: orderRecord({ localId: draftId, managed: false }),
    }));
    place();
    await screen.findByRole('region', { name: 'Placed order' });
    expect(connector.callsOf('order.place').at(-1)?.secrets).toEqual({
      credentialsId: 'login',
      paymentId: 'card2',
      billingId: 'billing',
    });
    // Remembered for this retailer, by id only.
    await waitFor(async () =>
      expect(await fakeBrowser.storage.local.get('lastVaultItems')).toEqual({
        lastVaultItems: {
          amazon: { credentialsId: 'login', paymentId: 'card2', billingId: 'billing' },
        },
      }),
    );
  });

  it('preselects the items last used at this retailer, while the vault still holds them', async () => {
    await fakeBrowser.storage.local.set({
      lastVaultItems: { amazon: { credentialsId: 'gone', paymentId: 'card2', billingId: '' } },
    });
    const vault: VaultStatus = {
      ...OPEN_VAULT,
      items: [...OPEN_VAULT.items, { id: 'card2', kind: 'payment', label: 'Amex ending 0005' }],
    };
    open(amazonTab(), settingsWithHome({ mode: 'own' }), vault);
    await waitFor(() => expect(field('Payment').value).toBe('card2'));
    // The remembered login is no longer in the vault: the only one that fits is taken.
    expect(field('Retailer login').value).toBe('login');
    expect(screen.getByText('Your account · Amex ending 0005')).toBeTruthy();
  });

  it('unlocks a locked vault in the popup, not in Options, and Enter there does not place', async () => {
    open(amazonTab(), settingsWithHome({ mode: 'own' }), LOCKED_VAULT);
    const passphrase = await screen.findByLabelText('Vault passphrase');
    connector.answer('vault.unlock', ({ passphrase: typed }) => {
      if (typed !== 'correct horse')
        throw refusal({ kind: 'invalid', message: 'Wrong passphrase.' });
      return OPEN_VAULT;
    });
    fireEvent.input(passphrase, { target: { value: 'wrong' } });
    fireEvent.keyDown(passphrase, { key: 'Enter' });
    await waitFor(() => expect(messageOf(passphrase)).toBe('Wrong passphrase.'));
    fireEvent.input(passphrase, { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onVault).toHaveBeenCalledWith(OPEN_VAULT));
    expect(connector.callsOf('vault.unlock')).toEqual([
      { passphrase: 'wrong' },
      { passphrase: 'correct horse' },
    ]);
    expect(connector.callsOf('order.place')).toEqual([]);
    expect(openOptions).not.toHaveBeenCalled();
  });

  it('offers the passphrase when the background says the vault is locked, not a trip to Options', async () => {
    connector.answer('order.place', () => {
      throw refusal({
        kind: 'vault_locked',
        message: 'The vault is locked: unlock it to place own-account orders.',
      });
    });
    open();
    await screen.findByLabelText('Maximum price (USD)');
    place();
    await screen.findByText('The vault is locked: unlock it to place own-account orders.');
    await waitFor(() => expect(document.activeElement).toBe(field('Vault passphrase')));
    expect(screen.queryByRole('button', { name: 'Unlock the vault in Options' })).toBeNull();
    expect(screen.getByLabelText('Maximum price (USD)').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a service that cannot be reached as it is, with no Options button', async () => {
    connector.answer('order.place', () => {
      throw refusal({ kind: 'unreachable', message: 'The service did not answer in time.' });
    });
    open();
    await screen.findByLabelText('Maximum price (USD)');
    place();
    await screen.findByText('The service did not answer in time.');
    expect(screen.queryByRole('button', { name: /in Options/ })).toBeNull();
  });

  it('picks up the form in progress when the popup opens again on the same product', async () => {
    const first = open();
    await screen.findByLabelText('Maximum price (USD)');
    fireEvent.input(field('Maximum price (USD)'), { target: { value: '30' } });
    await waitFor(async () =>
      expect(await fakeBrowser.storage.session.get('popupDraft')).not.toEqual({}),
    );
    first.unmount();
    open();
    await waitFor(() => expect(field('Maximum price (USD)').value).toBe('30'));
  });

  it('keeps a form in progress while the page is read, then takes the page’s new price', async () => {
    const first = open();
    fireEvent.input(await screen.findByLabelText('Quantity'), {
      target: { value: '2' },
    });
    await waitFor(async () =>
      expect(await fakeBrowser.storage.session.get('popupDraft')).not.toEqual({}),
    );
    first.unmount();
    const unread: TabProduct = { ...amazonTab(), details: { availability: 'unknown' } };
    const view = open(unread, settingsWithHome(), LOCKED_VAULT, false);
    await screen.findByRole('heading', { name: 'Sandbox Test Item' });
    expect(field('Maximum price (USD)').value).toBe('43.98');
    view.rerender(
      <OrderView
        tab={amazonTab({ price: { amount: 2999, currency: 'USD' } })}
        pageRead
        settings={settingsWithHome()}
        vault={LOCKED_VAULT}
        onShowOrders={() => undefined}
        onOpenOptions={openOptions}
        onOpenOrder={() => undefined}
        onVault={onVault}
      />,
    );
    await waitFor(() => expect(field('Maximum price (USD)').value).toBe('65.98'));
    expect(field('Quantity').value).toBe('2');
  });

  it('gathers products of one retailer in a cart across pages', async () => {
    const first = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('button', { name: 'Empty cart (1)' });
    first.unmount();
    const other = amazonTab({ title: 'Second Item', price: { amount: 500, currency: 'USD' } });
    other.product = { retailer: 'amazon', productId: 'B0ZIPONLY1' };
    open(other);
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await screen.findByRole('heading', { name: 'Cart: 2 products' });
    // Both page prices, with the tolerance: (19.99 + 5.00) × 1.1.
    expect(field('Maximum price (USD)').value).toBe('27.49');
  });
});

describe('a page that is not a product', () => {
  it('offers manual entry, and reads a pasted product address', async () => {
    open({ product: null, details: { availability: 'unknown' } });
    await screen.findByText('This page is not a product page of a supported store.');
    fireEvent.click(screen.getByRole('button', { name: 'Order this product' }));
    await screen.findByText(
      'Enter the product id (the ASIN on Amazon, the item number elsewhere).',
    );
    fireEvent.input(field('Product id'), {
      target: { value: 'https://www.walmart.com/ip/Some-Thing/900000001' },
    });
    expect((field('Retailer') as unknown as HTMLSelectElement).value).toBe('walmart');
    expect(field('Product id').value).toBe('900000001');
    fireEvent.click(screen.getByRole('button', { name: 'Order this product' }));
    await screen.findByLabelText('Maximum price (USD)');
    expect(screen.queryByText('No price on this page: set a maximum price.')).toBeNull();
    await screen.findByText('walmart.com takes orders with your own account only.');
  });
});
