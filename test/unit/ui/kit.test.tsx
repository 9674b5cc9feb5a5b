// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { ErrorBoundary } from '../../../src/ui/error-boundary.tsx';
import { ErrorText } from '../../../src/ui/error-text.tsx';
import { CheckList, TextField } from '../../../src/ui/fields.tsx';
import {
  keyShows,
  ProblemsProvider,
  UnplacedProblems,
  within,
  wordedAt,
} from '../../../src/ui/problems.tsx';
import { RetailerSelect } from '../../../src/ui/retailer-select.tsx';
import { useBackground } from '../../../src/ui/use-background.ts';
import { mockConnector, refusal } from './mock-connector.ts';
import { renderWith } from './render.tsx';

afterEach(cleanup);

describe('problems at fields', () => {
  it('belong to a key and to the fields inside it', () => {
    expect(keyShows('shipping', 'shipping.max_days')).toBe(true);
    expect(keyShows('shipping', 'shipping')).toBe(true);
    expect(keyShows('shipping', 'shipping_method')).toBe(false);
  });

  it('are worded with the control’s label, unless they are about a field inside it', () => {
    const own = { field: 'managed.discount', message: 'managed.discount must be 0 or less.' };
    expect(wordedAt(own, 'managed.discount', 'Managed account discount (%)')).toBe(
      'Managed account discount (%) must be 0 or less.',
    );
    expect(wordedAt(own, 'managed', 'Managed')).toBe('managed.discount must be 0 or less.');
    const named = { field: 'address.city', message: 'address.city City is required.' };
    expect(wordedAt(named, 'address.city', 'City')).toBe('City is required.');
  });

  it('can be read from under a prefix', () => {
    expect(
      within(
        [
          { field: 'item.payment.number', message: 'item.payment.number must be 12 digits.' },
          { field: 'other', message: 'other is wrong.' },
        ],
        'item.',
      ),
    ).toEqual([{ field: 'payment.number', message: 'payment.number must be 12 digits.' }]);
  });

  it('are shown at the field that claims them, the rest below; a field that goes away lets go', async () => {
    const problems = [
      { field: 'max_price', message: 'max_price must be a number.' },
      { field: 'po_number', message: 'po_number must be a whole number.' },
    ];
    function Form() {
      const [marketplace, setMarketplace] = useState(true);
      return (
        <ProblemsProvider problems={problems}>
          <TextField
            label="Maximum price"
            value=""
            onInput={() => undefined}
            problems={['max_price']}
          />
          {marketplace && (
            <TextField
              label="PO number"
              value=""
              onInput={() => undefined}
              problems={['po_number']}
            />
          )}
          <button type="button" onClick={() => setMarketplace(false)}>
            Walmart
          </button>
          <UnplacedProblems />
        </ProblemsProvider>
      );
    }
    render(<Form />);
    const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Maximum price must be a number.',
        'PO number must be a whole number.',
      ]),
    );
    expect(screen.getByLabelText('Maximum price').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Walmart' }));
    await waitFor(() =>
      expect(alerts()).toEqual([
        'Maximum price must be a number.',
        'po_number must be a whole number.',
      ]),
    );
  });

  it('mark a group of checkboxes too', async () => {
    render(
      <ProblemsProvider
        problems={[{ field: 'condition_in.0', message: 'condition_in.0 must be one of: "New".' }]}
      >
        <CheckList
          legend="Condition: only"
          values={['New', 'Used']}
          chosen={['Used']}
          onChange={() => undefined}
          problems={['condition_in']}
        />
        <UnplacedProblems />
      </ProblemsProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'condition_in.0 must be one of: "New".',
      ]),
    );
    expect((screen.getByLabelText('Used') as HTMLInputElement).checked).toBe(true);
  });
});

describe('an error in words', () => {
  it('offers Options for what is fixed there, by the error’s kind', () => {
    const open = vi.fn();
    const { rerender } = render(
      <ErrorText
        error={refusal({ kind: 'no_token', message: 'No service token is set.' })}
        onOpenOptions={open}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set the token in Options' }));
    expect(open).toHaveBeenCalledTimes(1);
    rerender(
      <ErrorText
        error={refusal({ kind: 'rate_limited', message: 'The service asked us to wait.' })}
        onOpenOptions={open}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The service asked us to wait.');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<ErrorText error={new TypeError('x is not a function')} />);
    expect(screen.getByRole('alert').textContent).toBe('x is not a function');
    rerender(<ErrorText error={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the retailer select', () => {
  it('lists every retailer, with “every retailer” first when asked', () => {
    render(<RetailerSelect label="Retailer" any="All" value="" onChange={() => undefined} />);
    const options = [...(screen.getByLabelText('Retailer') as HTMLSelectElement).options];
    expect(options.map((option) => option.value)).toEqual([
      '',
      'amazon',
      'amazon_uk',
      'amazon_ca',
      'amazon_de',
      'amazon_mx',
      'walmart',
      'costco',
      'homedepot',
      'aliexpress',
    ]);
    expect(options[0]?.textContent).toBe('All');
  });
});

describe('reading background data', () => {
  function Count({ scopes = ['orders'] as const }: { scopes?: readonly ('orders' | 'vault')[] }) {
    const read = useBackground((c) => c.call('orders.query', {}), scopes);
    return <p>{read.data === undefined ? 'none' : `${read.data.length} orders`}</p>;
  }

  it('reads once, then again on each announced change of its scopes only', async () => {
    let count = 1;
    const connector = mockConnector({
      'orders.query': () => Array.from({ length: count }, () => ({}) as never),
    });
    renderWith(connector, <Count />);
    await screen.findByText('1 orders');
    count = 2;
    connector.publish(['vault']);
    connector.publish(['orders']);
    await screen.findByText('2 orders');
    expect(connector.callsOf('orders.query')).toHaveLength(2);
  });

  it('drops an answer that arrives after a newer one, and stops listening when it goes', async () => {
    const answers: ((value: never[]) => void)[] = [];
    const connector = mockConnector({
      'orders.query': () => new Promise<never[]>((resolve) => answers.push(resolve)),
    });
    const view = renderWith(connector, <Count />);
    connector.publish(['orders']);
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.([{} as never, {} as never]);
    await screen.findByText('2 orders');
    answers[0]?.([]);
    await Promise.resolve();
    expect(screen.getByText('2 orders')).toBeTruthy();
    expect(connector.listeners()).toBe(1);
    view.unmount();
    expect(connector.listeners()).toBe(0);
  });
  it('one at a time, when asked: notices during a read make one more read after it', async () => {
    const answers: ((value: never[]) => void)[] = [];
    const connector = mockConnector({
      'orders.query': () => new Promise<never[]>((resolve) => answers.push(resolve)),
    });
    function Queued() {
      const read = useBackground(
        (c) => c.call('orders.query', {}),
        ['orders'],
        [],
        undefined,
        undefined,
        true,
      );
      return <p>{read.data === undefined ? 'none' : `${read.data.length} orders`}</p>;
    }
    renderWith(connector, <Queued />);
    connector.publish(['orders']);
    connector.publish(['orders']);
    expect(answers).toHaveLength(1);
    answers[0]?.([{} as never]);
    await screen.findByText('1 orders');
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]?.([{} as never, {} as never]);
    await screen.findByText('2 orders');
    expect(connector.callsOf('orders.query')).toHaveLength(2);
  });
});

describe('a page that fails', () => {
  it('says what went wrong under its title, with a way on, never a blank page', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('The list could not be drawn.');
    }
    render(
      <ErrorBoundary title="Bulk orders">
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Bulk orders');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The list could not be drawn.',
    );
    expect(screen.getByRole('button')).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Bulk orders failed', expect.any(Error));
    logged.mockRestore();
  });
});
