import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './journey-popup-setup.ts';

// The order in flight comes first: reopened during an order's hold, the popup shows
// that order (its state and Undo) before anything else, and placing another for the
// same product is a separate choice. Nothing more reaches the service.

let journey: Journey;

beforeAll(async () => {
  // A hold long enough for the popup to be closed and opened again within it.
  journey = await startJourney({ holdSeconds: 60 });
}, 90_000);

afterAll(async () => {
  await journey?.close();
});

const PRODUCT = 'https://www.amazon.com/dp/B0PLACES01';

describe('the popup reopened during an order’s hold', () => {
  it('shows that order first, with Undo, and places another only when asked', async () => {
    const first = await journey.popupOn(PRODUCT);
    const place = first.getByRole('button', { name: 'Place order' });
    await place.waitFor({ timeout: 15_000 });
    await place.click();
    await first.getByRole('button', { name: 'Cancel order' }).waitFor({ timeout: 10_000 });
    await first.close();

    const again = await journey.popupOn(PRODUCT);
    const order = again.getByRole('region', { name: 'Placed order' });
    await order.waitFor({ timeout: 15_000 });
    expect(await order.getByRole('status').textContent()).toMatch(/^Held: sending soon/);
    expect(await order.getByRole('button', { name: 'Cancel order' }).isVisible()).toBe(true);
    // No Place order until the buyer asks for another order.
    expect(await again.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    await again.getByRole('button', { name: 'Place another order' }).click();
    await again.getByRole('button', { name: 'Place order' }).waitFor({ timeout: 10_000 });
    // The order on its way stays above the form, and nothing was sent yet.
    expect(await order.isVisible()).toBe(true);
    expect((await journey.atService()).orders).toBe(0);
    // Undo takes it back: nothing is sent, and it leaves the screen.
    await order.getByRole('button', { name: 'Cancel order' }).click();
    await expect.poll(() => order.count(), { timeout: 10_000 }).toBe(0);
    expect((await journey.atService()).orders).toBe(0);
    expect(await journey.extension.settleProblems()).toEqual([]);
    await again.close();
  }, 120_000);
});
