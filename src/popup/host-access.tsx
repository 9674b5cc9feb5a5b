import { useState } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import { retailerName } from '../shared/retailer-names.ts';
import { STOREFRONT_HOSTS } from '../shared/storefront-hosts.ts';

/** The storefront (host without subdomains) an address is on, if it is one Buyline knows. */
function storefrontOf(url: string | undefined): string | undefined {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return undefined;
  }
  return Object.keys(STOREFRONT_HOSTS).find(
    (known) => host === known || host.endsWith(`.${known}`),
  );
}

/** The host access one storefront's pages need (its subdomains and itself), as the manifest's optional hosts allow. */
const originsOf = (storefront: string) => [`https://*.${storefront}/*`];

const nameOf = (storefront: string) => retailerName(STOREFRONT_HOSTS[storefront] ?? storefront);

/**
 * In the side panel, the page beside it may be one Buyline cannot read: it was not
 * opened over it, and the buyer has not let it read that storefront's pages. This asks,
 * per storefront, with a button (the browser asks only from a click), and says what the
 * panel does without it. `url`: the page's address, when Buyline sees it; without one,
 * the buyer picks the storefront.
 */
export function HostAccess(props: { url?: string | undefined; onGranted: () => void }) {
  const known = storefrontOf(props.url);
  const [picked, setPicked] = useState(known ?? Object.keys(STOREFRONT_HOSTS)[0] ?? '');
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
      <p>{known ? t('panel_accessStore', nameOf(known)) : t('panel_accessHidden')}</p>
      <p class="hint">{t('panel_accessWithout')}</p>
      <div class="row">
        {!known && (
          <label>
            {t('panel_accessPick')}{' '}
            <select value={picked} onChange={(event) => setPicked(event.currentTarget.value)}>
              {Object.keys(STOREFRONT_HOSTS).map((host) => (
                <option key={host} value={host}>
                  {nameOf(host)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="button" onClick={ask}>
          {t('panel_accessAllow', nameOf(storefront))}
        </button>
      </div>
      {refused && (
        <p class="hint" role="status">
          {t('panel_accessRefused', nameOf(refused))}
        </p>
      )}
    </section>
  );
}

/** Whether Buyline may read the pages at this address without the toolbar button. */
export async function mayRead(url: string | undefined): Promise<boolean> {
  const storefront = storefrontOf(url);
  if (!storefront) return true;
  return browser.permissions.contains({ origins: originsOf(storefront) }).catch(() => false);
}
