import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';

// What the buyer typed in client notes goes to the service beside Buyline's reference:
// the reference is added, never put in its place.

/** A managed order of the product that always places. */
const REQUEST = MANAGED_ORDER;

async function placedNotes(clientNotes: unknown): Promise<unknown> {
  const draftId = crypto.randomUUID();
  const reply = await route(
    {
      buyline: 1,
      type: 'order.place',
      payload: { draftId, request: { ...REQUEST, client_notes: clientNotes } },
    },
    OWN_PAGE,
  );
  if (!reply?.ok) throw new Error(JSON.stringify(reply));
  const record = await (await history()).getOrder(draftId);
  return (record?.request as { client_notes?: unknown } | undefined)?.client_notes;
}

describe('client notes the buyer typed', () => {
  beforeEach(resetExtension);

  it('keeps plain text as the note, beside the reference', async () => {
    const notes = await placedNotes('Leave at the back door');
    expect(notes).toMatchObject({ note: 'Leave at the back door' });
    expect(notes).toHaveProperty('buyline_ref');
  });

  it('keeps an object as written, beside the reference', async () => {
    const notes = await placedNotes({ ref: 'A-12' });
    expect(notes).toMatchObject({ ref: 'A-12' });
    expect(notes).toHaveProperty('buyline_ref');
  });
});
