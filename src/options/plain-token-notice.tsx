import { useEffect, useState } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { focusOn } from './field-problems.ts';

const NOTICE = STORED_KEYS.plainTokenNotice;

/** The token's field in the connection section, where a replacement is pasted. */
const tokenField = () =>
  document
    .getElementById('connection-heading')
    ?.closest('section')
    ?.querySelector<HTMLInputElement>('input[type="password"]');

/**
 * Said once after an update from a version that kept the service token in clear: the
 * background sealed it and removed that copy, but the browser may keep old copies in its
 * files until it rewrites them, so the safe course is a new token from the service. The
 * notice is a flag the background sets (never the token); it goes when dismissed or when
 * another token is saved. The page reads the flag itself: it is no secret, and the
 * background has nothing to decide about it.
 */
export function PlainTokenNotice() {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      browser.storage[NOTICE.area]
        .get(NOTICE.key)
        .then((stored) => live && setShown(stored[NOTICE.key] !== undefined))
        .catch(() => undefined);
    const changed = (changes: Record<string, unknown>, area: string) => {
      if (area === NOTICE.area && NOTICE.key in changes) void read();
    };
    void read();
    browser.storage.onChanged.addListener(changed);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(changed);
    };
  }, []);

  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    void browser.storage[NOTICE.area].remove(NOTICE.key).catch(() => undefined);
  };
  return (
    <section class="notice" aria-labelledby="plain-token-heading" data-testid="plain-token-notice">
      <h2 id="plain-token-heading">{t('options_plainTokenTitle')}</h2>
      <p>{t('options_plainTokenExplain')}</p>
      <p>{t('options_plainTokenAdvice')}</p>
      <div class="row">
        <button type="button" onClick={() => focusOn(tokenField())}>
          {t('options_plainTokenReplace')}
        </button>
        <button type="button" onClick={dismiss}>
          {t('options_plainTokenDismiss')}
        </button>
      </div>
    </section>
  );
}
