// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { draftProblems } from '../../../src/background/placing/placement.ts';
import { loadTheRest } from '../../../src/popup/later.ts';
import type { Settings } from '../../../src/shared/settings.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { orderRecord, settingsWithHome } from './fixtures.ts';
import { messageOf, renderOrderView } from './order-view-render.tsx';

// "Place order" looks unavailable while the background's one check would refuse the form
// (a missing address, a quantity that is no number), and a click still goes to it and
// says why at the field. The check here is the background's own, not a copy of its rules.

let connector: MockConnector;
afterEach(cleanup);
beforeAll(() => loadTheRest());
beforeEach(() => {
  fakeBrowser.reset();
  connector = mockConnector({
    'order.check': ({ request, secrets }) => ({
      problems: draftProblems(request, undefined, secrets !== undefined),
    }),
    'order.place': ({ draftId, request }) => {
      const problems = draftProblems(request, undefined, false);
      return problems.length > 0
        ? { placed: false, problems }
        : { placed: true, duplicate: false, order: orderRecord({ localId: draftId }) };
    },
  });
});

const open = (settings: Settings) => renderOrderView(connector, settings);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const looksUnavailable = (button: HTMLElement) => button.className.includes('unavailable');

describe('Place order before a click', () => {
  it('looks unavailable without an address, and a click says why at Ship to', async () => {
    open(settingsWithHome({ addresses: [], defaultAddressId: '' }));
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(looksUnavailable(place)).toBe(true));
    // Not marked before the buyer asked: a field not yet filled is not yet a mistake.
    expect(field('Ship to').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(place);
    await waitFor(() => expect(field('Ship to').getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(field('Ship to'))).toBe('Ship to is required.');
    expect(document.activeElement).toBe(field('Ship to'));
    expect(connector.callsOf('order.place')).toHaveLength(1);
  });

  it('looks ready with every required field valid, and unavailable again for a bad quantity', async () => {
    open(settingsWithHome());
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(connector.callsOf('order.check').length).toBeGreaterThan(0));
    expect(looksUnavailable(place)).toBe(false);
    fireEvent.input(field('Quantity'), { target: { value: 'two' } });
    await waitFor(() => expect(looksUnavailable(place)).toBe(true));
    fireEvent.input(field('Quantity'), { target: { value: '2' } });
    await waitFor(() => expect(looksUnavailable(place)).toBe(false));
  });

  it('takes only the answer for the form as it stands, and dims nothing when the check fails', async () => {
    const wrong = [{ field: 'products.0.quantity', message: 'products.0.quantity is wrong.' }];
    const answers: ((problems: typeof wrong) => void)[] = [];
    connector.answer(
      'order.check',
      () => new Promise((resolve) => answers.push((problems) => resolve({ problems }))),
    );
    open(settingsWithHome());
    const place = await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    fireEvent.input(field('Quantity'), { target: { value: '3' } });
    await waitFor(() => expect(answers.length).toBeGreaterThan(1));
    answers.at(-1)?.(wrong);
    await waitFor(() => expect(looksUnavailable(place)).toBe(true));
    // The older forms' answers come last, and are not this form's.
    for (const older of answers.slice(0, -1)) older([]);
    await act(() => connector.answered());
    expect(looksUnavailable(place)).toBe(true);

    // A check that cannot be made refuses nothing: the click asks again and says why.
    connector.answer('order.check', () => Promise.reject(new Error('The worker stopped.')));
    fireEvent.input(field('Quantity'), { target: { value: '4' } });
    await waitFor(() => expect(looksUnavailable(place)).toBe(false));
  });
});
