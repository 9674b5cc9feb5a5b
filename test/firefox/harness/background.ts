import type { FirefoxWithBuyline } from '../../../scripts/firefox/launch-firefox.ts';
import { GECKO_ID } from '../../../scripts/manifest-for.ts';

export type BackgroundState = 'starting' | 'running' | 'suspending' | 'stopped' | string;

/** The state Firefox gives Buyline's event page. */
export function backgroundState(ff: FirefoxWithBuyline): Promise<BackgroundState> {
  return ff.inChrome<BackgroundState>(
    `({ id }) => JSON.stringify(String(WebExtensionPolicy.getByID(id).extension.backgroundState))`,
    { id: GECKO_ID },
  );
}

/**
 * Stops the event page as Firefox does after 30 s idle (the counterpart of Chrome
 * stopping the service worker): its memory is gone and the next event starts a new one.
 */
export async function terminateBackground(ff: FirefoxWithBuyline): Promise<void> {
  await ff.inChrome(
    `async ({ id }) => {
      await WebExtensionPolicy.getByID(id).extension.terminateBackground();
      return 'null';
    }`,
    { id: GECKO_ID },
  );
  const state = await backgroundState(ff);
  if (state !== 'stopped') throw new Error(`The background is ${state} after being stopped.`);
}
