import type { Page } from 'playwright-core';

/**
 * Sends one message of Buyline's protocol from an extension page, as the pages do, and
 * answers its data; a refusal throws with the background's own words.
 */
// Each test reads the reply it asked for, so the data is left untyped here.
export async function askBackground(page: Page, type: string, payload: unknown = {}): Promise<any> {
  const reply = (await page.evaluate(
    ([t, p]) => chrome.runtime.sendMessage({ buyline: 1, type: t, payload: p }),
    [type, payload] as const,
  )) as { ok: boolean; data?: unknown; error?: { message: string } };
  if (!reply.ok) throw new Error(reply.error?.message ?? `${type} failed`);
  return reply.data;
}
