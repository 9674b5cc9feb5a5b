import type { FirefoxWithBuyline } from '../../../scripts/firefox/launch-firefox.ts';

/** A notification as Firefox handed it to the system. */
export interface ShownAlert {
  /** The id the extension gave notifications.create. */
  name: string;
  title: string;
  text: string;
  /** Buttons on it; Firefox's notifications API has none. */
  actions: number;
}

/**
 * Headless Firefox has no system notifications: notifications.create resolves but
 * nothing is shown and getAll() answers {}. This puts a recording alerts service in
 * place of the system's (ext-notifications looks it up on every call), so a test sees
 * each notification the extension raised. Returns a reader of everything shown so far.
 */
export async function watchAlerts(ff: FirefoxWithBuyline): Promise<() => Promise<ShownAlert[]>> {
  await ff.inChrome(`() => {
    const shown = [];
    const service = {
      QueryInterface: ChromeUtils.generateQI(['nsIAlertsService']),
      showAlert(alert, listener) {
        shown.push({ name: alert.name, title: alert.title, text: alert.text, actions: (alert.actions || []).length });
        listener?.observe(null, 'alertshow', alert.cookie);
      },
      showAlertNotification() {},
      closeAlert() {},
    };
    const factory = {
      QueryInterface: ChromeUtils.generateQI(['nsIFactory']),
      createInstance: (iid) => service.QueryInterface(iid),
    };
    Components.manager
      .QueryInterface(Ci.nsIComponentRegistrar)
      .registerFactory(Services.uuid.generateUUID(), 'Buyline test alerts', '@mozilla.org/alerts-service;1', factory);
    window.buylineShownAlerts = shown;
    return 'null';
  }`);
  return () => ff.inChrome<ShownAlert[]>('() => JSON.stringify(window.buylineShownAlerts)');
}
