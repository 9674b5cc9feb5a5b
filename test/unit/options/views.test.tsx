// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { OptionsApp } from '../../../src/options/app.tsx';
import { DataSection } from '../../../src/options/data-section.tsx';
import { DefaultsSection } from '../../../src/options/defaults-section.tsx';
import { VaultSection } from '../../../src/options/vault-section.tsx';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import type { VaultStatus } from '../../../src/shared/vault-items.ts';
import { type MockConnector, mockConnector, refusal } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';

let connector: MockConnector;
let settings: Settings;
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  settings = defaultSettings();
  connector = mockConnector({
    'settings.get': () => settings,
    'token.status': () => ({ set: true }),
    'vault.status': () => ({ exists: false, unlocked: false, items: [] }),
    'settings.update': ({ patch }) => ({ ...settings, ...(patch as Partial<Settings>) }),
  });
});

const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('the options page', () => {
  it('reads the settings again when the background announces they changed', async () => {
    renderWith(connector, <OptionsApp />);
    await screen.findByRole('region', { name: 'Connection' });
    expect(performance.getEntriesByName('buyline:ready')).toHaveLength(1);
    settings = { ...settings, serviceUrl: 'https://orders.example.com' };
    connector.publish(['settings']);
    await waitFor(() => expect(connector.callsOf('settings.get')).toHaveLength(2));
  });
});

describe('the addresses of the defaults', () => {
  const open = () =>
    renderWith(connector, <DefaultsSection settings={settings} onSaved={() => undefined} />);

  it('asks the background to check an address, and shows its problems at the fields', async () => {
    connector.answer('settings.check', () => ({
      problems: [
        { field: 'addresses.0.label', message: 'addresses.0.label must not be empty.' },
        {
          field: 'addresses.0.address.zip_code',
          message: 'addresses.0.address.zip_code must be a US ZIP code.',
        },
      ],
    }));
    open();
    fireEvent.input(screen.getByLabelText('ZIP code'), { target: { value: '2110' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('ZIP code'))).toBe('ZIP code must be a US ZIP code.'),
    );
    expect(messageOf(screen.getByLabelText('Address label'))).toBe(
      'Label is required: name the address, such as Home.',
    );
    expect(connector.callsOf('settings.check')).toEqual([
      {
        patch: {
          addresses: [
            { id: expect.any(String), label: '', address: { country: 'US', zip_code: '2110' } },
          ],
        },
      },
    ]);
    expect(screen.getByText('No saved address yet: add one below.')).toBeTruthy();
  });

  it('saves a valid address at once, the first one the default, and lists it', async () => {
    connector.answer('settings.check', () => ({ problems: [] }));
    connector.answer('settings.update', ({ patch }) => {
      settings = { ...settings, ...(patch as Partial<Settings>) };
      return settings;
    });
    renderWith(connector, <OptionsApp />);
    fireEvent.input(await screen.findByLabelText('Address label'), { target: { value: 'Home' } });
    fireEvent.input(screen.getByLabelText('Address line 1'), { target: { value: '1 Main St' } });
    fireEvent.input(screen.getByLabelText('City'), { target: { value: 'Boston' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    const radio = await screen.findByLabelText('Home: 1 Main St, Boston');
    expect((radio as HTMLInputElement).checked).toBe(true);
    const [checked] = connector.callsOf('settings.check');
    const id = (checked?.patch.addresses as { id: string }[] | undefined)?.[0]?.id;
    // Checked first, then saved with nothing but the addresses and the default.
    expect(connector.callsOf('settings.update')).toEqual([
      {
        patch: {
          addresses: [
            {
              id,
              label: 'Home',
              address: { address_line1: '1 Main St', city: 'Boston', country: 'US' },
            },
          ],
          defaultAddressId: id,
        },
      },
    ]);
    expect(
      connector.calls.map((call) => call.type).filter((type) => type.startsWith('settings.')),
    ).toEqual(['settings.get', 'settings.check', 'settings.update']);
  });
});

describe('saving the defaults', () => {
  it('shows the background’s problems at their fields, and the others as they came', async () => {
    connector.answer('settings.update', () => {
      throw refusal({
        kind: 'invalid',
        message: 'Not saved.',
        problems: [
          { field: 'managed.discount', message: 'managed.discount must be 0 or less.' },
          { field: 'future', message: 'future is not a Buyline setting.' },
        ],
      });
    });
    renderWith(connector, <DefaultsSection settings={settings} onSaved={() => undefined} />);
    fireEvent.input(screen.getByLabelText('Managed account discount (%)'), {
      target: { value: '20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save defaults' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Managed account discount (%)'))).toBe(
        'Managed account discount (%) must be 0 or less.',
      ),
    );
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('future is not a Buyline setting.');
    expect(alerts).toContain('Not saved: correct the fields marked above.');
    expect(connector.callsOf('settings.update')[0]?.patch).toMatchObject({
      managed: { discount: 20 },
    });
  });

  it('shows a failure that is not about a field once, for the whole form', async () => {
    connector.answer('settings.update', () => {
      throw refusal({ kind: 'internal', message: 'Storage is full.' });
    });
    renderWith(connector, <DefaultsSection settings={settings} onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save defaults' }));
    await screen.findByText('Storage is full.');
    expect(screen.queryByText('Not saved: correct the fields marked above.')).toBeNull();
  });
});

describe('the data section', () => {
  const importFile = (text: string) => {
    const input = screen.getByLabelText('Import settings');
    const file = new File([text], 'settings.json', { type: 'application/json' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    fireEvent.change(input);
  };

  it('hands a settings file to the background, which checks all of it', async () => {
    connector.answer('settings.import', () => {
      throw refusal({
        kind: 'invalid',
        message: 'mode must be one of: "own", "managed".',
        problems: [{ field: 'mode', message: 'mode must be one of: "own", "managed".' }],
      });
    });
    const imported = vi.fn();
    renderWith(connector, <DataSection onImported={imported} />);
    importFile('{"mode":"both"}');
    await screen.findByText('mode must be one of: "own", "managed".');
    expect(connector.callsOf('settings.import')).toEqual([{ text: '{"mode":"both"}' }]);
    expect(imported).not.toHaveBeenCalled();
  });

  it('asks for access to an imported address beyond this machine before it is used', async () => {
    connector.answer('settings.import', () => ({
      settings,
      heldServiceUrl: 'https://orders.example.com',
    }));
    (fakeBrowser.permissions as any).request = vi.fn(async () => true);
    const imported = vi.fn();
    renderWith(connector, <DataSection onImported={imported} />);
    importFile('{}');
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Allow access and use https://orders.example.com',
      }),
    );
    await screen.findByText(
      'Settings imported; the service address is now https://orders.example.com.',
    );
    expect(connector.callsOf('settings.update')).toEqual([
      { patch: { serviceUrl: 'https://orders.example.com' } },
    ]);
    expect(imported).toHaveBeenCalledTimes(2);
  });

  it('says what the sync did, with each reason orders were skipped for', async () => {
    connector.answer('orders.sync', () => ({
      imported: 3,
      updated: 1,
      unchanged: 4,
      skipped: [{ reason: 'not an order of this account', count: 2 }],
    }));
    renderWith(connector, <DataSection onImported={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sync orders' }));
    await screen.findByText(
      'Synced: 3 imported, 1 updated, 4 unchanged. Skipped 2: not an order of this account.',
    );
    expect(connector.callsOf('orders.sync')).toEqual([{}]);
  });
});

describe('the vault section', () => {
  let vault: VaultStatus;
  beforeEach(() => {
    vault = { exists: true, unlocked: true, items: [], locksAt: Date.UTC(2026, 2, 2, 12, 15) };
    connector.answer('vault.status', () => vault);
  });

  it('shows the vault locked when the background announces it locked itself', async () => {
    renderWith(connector, <VaultSection />);
    await screen.findByText(/^Vault unlocked until/);
    vault = { exists: true, unlocked: false, items: [] };
    connector.publish(['vault']);
    await screen.findByLabelText('Passphrase');
    expect(screen.queryByText(/^Vault unlocked until/)).toBeNull();
  });

  it('sends a secret once, and shows the background’s problems at their fields', async () => {
    connector.answer('vault.save', () => {
      throw refusal({
        kind: 'invalid',
        message: 'Not saved.',
        problems: [
          {
            field: 'item.payment.number',
            message: 'item.payment.number must be the card number: 12 to 19 digits, no spaces.',
          },
          {
            field: 'item.payment.name_on_card',
            message:
              'item.payment.name_on_card is required for a card: add it, or pay from the gift balance with use_gift: true.',
          },
        ],
      });
    });
    renderWith(connector, <VaultSection />);
    fireEvent.change(await screen.findByLabelText('Kind of secret'), {
      target: { value: 'payment' },
    });
    fireEvent.input(screen.getByLabelText('Card number'), { target: { value: '4111 1111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save secret' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Card number'))).toBe(
        'Card number must be the card number: 12 to 19 digits, no spaces.',
      ),
    );
    expect(messageOf(screen.getByLabelText('Name on card'))).toBe(
      'Name on card is required for a card: add it, or tick “Pay from the retailer account’s gift balance”.',
    );
    expect(connector.callsOf('vault.save')).toEqual([
      {
        item: {
          kind: 'payment',
          id: expect.any(String),
          label: 'Visa ending 1111',
          payment: { number: '41111111' },
        },
      },
    ]);
    const form = screen.getByRole('group', { name: 'Add a secret' });
    expect(within(form).getByLabelText('Card number').getAttribute('autocomplete')).toBe('off');
  });
});
