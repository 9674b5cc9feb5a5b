import type { Locator, Page } from 'playwright-core';
import type { LaunchedExtension } from './launch-extension.ts';

export interface SetUp {
  /** The service to use, typed into "Service address". */
  serviceUrl: string;
  /** A shipping address to save as the default, typed field by field. */
  address?: {
    label: string;
    first_name: string;
    last_name: string;
    address_line1: string;
    city: string;
    state: string;
    zip_code: string;
    phone_number: string;
  };
  /** A service token to save (out of the box Buyline holds the sandbox's). */
  token?: string;
  /** Seconds each order is held before sending (the setting's default when left out). */
  holdSeconds?: number;
  mode?: 'managed' | 'own';
}

/** The buyer's home in the sandbox's tests: a taxed state (MA), a ZIP the local sellers serve. */
export const HOME_ADDRESS = {
  label: 'Home',
  first_name: 'Jane',
  last_name: 'Doe',
  address_line1: '1 Main St',
  city: 'Cambridge',
  state: 'MA',
  zip_code: '02139',
  phone_number: '6175550100',
} as const satisfies NonNullable<SetUp['address']>;

const ADDRESS_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  address_line1: 'Address line 1',
  city: 'City',
  state: 'State',
  zip_code: 'ZIP code',
  phone_number: 'Phone number',
} as const;

async function until(what: string, visible: Locator): Promise<void> {
  await visible.waitFor({ state: 'visible', timeout: 10_000 }).catch(() => {
    throw new Error(`The options page did not say ${what} within 10 s.`);
  });
}

/**
 * Sets Buyline up the way a user does, on the options page: the service address, then
 * the order defaults (an address, the ordering mode) and the hold before sending.
 */
export async function setUpThroughOptions(
  extension: LaunchedExtension,
  setUp: SetUp,
): Promise<void> {
  const page: Page = await extension.openExtensionPage('src/options/index.html');
  try {
    const connection = page.getByRole('region', { name: 'Connection' });
    await connection.getByLabel('Service address').fill(setUp.serviceUrl);
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await until('“Connection saved.”', connection.getByText('Connection saved.'));
    if (setUp.token) {
      await connection.getByLabel(/^(Replace token|Token)$/).fill(setUp.token);
      await connection.getByRole('button', { name: 'Save token' }).click();
      await until(
        'that it is connected',
        connection.getByText(`Connected to ${setUp.serviceUrl}.`),
      );
    }

    const defaults = page.getByRole('region', { name: 'Order defaults' });
    if (setUp.address) {
      await defaults.getByLabel('Address label').fill(setUp.address.label);
      for (const [key, label] of Object.entries(ADDRESS_LABELS))
        await defaults
          .getByLabel(label, { exact: true })
          .fill(setUp.address[key as keyof typeof ADDRESS_LABELS]);
      await defaults.getByRole('button', { name: 'Add address' }).click();
      await until('the new address', defaults.getByText(`${setUp.address.label}: `));
    }
    if (setUp.mode) {
      await defaults.getByLabel('Ordering mode').selectOption(setUp.mode);
      await until('that the mode is saved', defaults.getByText(/^Saved: orders are placed with/));
    }
    if (setUp.holdSeconds !== undefined) {
      const behaviour = page.getByRole('region', { name: 'Behaviour' });
      await behaviour
        .getByLabel('Hold each order before sending (seconds)')
        .fill(String(setUp.holdSeconds));
      await behaviour.getByRole('button', { name: 'Save behaviour' }).click();
      await until('“Behaviour saved.”', behaviour.getByText('Behaviour saved.'));
    }
  } finally {
    await page.close();
  }
}
