import { useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { STOREFRONT_HOSTS } from '../shared/storefront-hosts.ts';

/** The retailer whose storefront an address is on, if it is one Buyline knows. */
function retailerAt(url: string | undefined): RetailerCode | undefined {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return undefined;
  }
  const known = Object.keys(STOREFRONT_HOSTS).find(
    (storefront) => host === storefront || host.endsWith(`.${storefront}`),
  );
  return known ? STOREFRONT_HOSTS[known] : undefined;
}

/** The host access a retailer's pages need: each of its storefronts and their subdomains. */
const originsOf = (retailer: string) =>
  Object.entries(STOREFRONT_HOSTS)
    .filter(([, code]) => code === retailer)
    .map(([host]) => `https://*.${host}/*`);

/** Every retailer with a storefront, once each, in the registry's order. */
const RETAILERS_SHOWN = [...new Set(Object.values(STOREFRONT_HOSTS))];

/**
 * In the side panel, the page beside it may be one Buyline cannot read: it was not
 * opened over it, and the buyer has not let it read that storefront's pages. This asks,
 * per storefront, with a button (the browser asks only from a click), and says what the
 * panel does without it. `url`: the page's address, when Buyline sees it; without one,
 * the buyer picks the storefront.
 */
export function HostAccess(props: { url?: string | undefined; onGranted: () => void }) {
  const known = retailerAt(props.url);
  const [picked, setPicked] = useState<string>(known ?? RETAILERS_SHOWN[0] ?? '');
  const [refused, setRefused] = useState<string>();
  const storefront = known ?? picked;
  const ask = () => {
    // The request comes first in the click: the browser refuses one made after a wait.
    void browser.permissions.request({ origins: originsOf(storefront) }).then(
      (granted) => (granted ? props.onGranted() : setRefused(storefront)),
      () => setRefused(storefront),
    );
  };
  return (
    <section class="notice" aria-labelledby="access-heading">
      <h2 id="access-heading">{t('panel_accessHeading')}</h2>
      <p>{known ? t('panel_accessStore', retailerName(known)) : t('panel_accessHidden')}</p>
      <p class="hint">{t('panel_accessWithout')}</p>
      <div class="row">
        {!known && (
          <label>
            {t('panel_accessPick')}{' '}
            <select value={picked} onChange={(event) => setPicked(event.currentTarget.value)}>
              {RETAILERS_SHOWN.map((code) => (
                <option key={code} value={code}>
                  {retailerName(code)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={ask}>
          {t('panel_accessAllow', retailerName(storefront))}
        </button>
      </div>
      {refused && (
        <p class="hint" role="status">
          {t('panel_accessRefused', retailerName(refused))}
        </p>
      )}
    </section>
  );
}

/** Whether Buyline may read the pages at this address without the toolbar button. */
export async function mayRead(url: string | undefined): Promise<boolean> {
  const retailer = retailerAt(url);
  if (!retailer) return true;
  return browser.permissions.contains({ origins: originsOf(retailer) }).catch(() => false);
}
