import { useState } from 'preact/hooks';
import { browser } from '../shared/browser.ts';
import { numberOrText } from '../shared/form-values.ts';
import { t } from '../shared/i18n.ts';
import type { TokenStatus } from '../shared/protocol.ts';
import { isLocalOrigin, SANDBOX_URL, serviceAddress } from '../shared/service-address.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import type { BackgroundData } from '../ui/use-background.ts';
import { problemsOf, useFieldProblems } from './field-problems.ts';
import { OrdersWaitingForToken } from './orders-waiting-for-token.tsx';
import { TokenControls } from './token-controls.tsx';

/** Asks the browser for access to a service's origin; must be called in a click, a user gesture. */
export const requestAccess = (origin: string): Promise<boolean> =>
  browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);

/** The service address (with the browser's permission), the write-only token, and a test. */
export function ConnectionSection({
  settings,
  token,
  onSaved,
}: {
  settings: Settings;
  token: BackgroundData<TokenStatus>;
  onSaved: (settings: Settings) => void;
}) {
  const connector = useConnector();
  // Each field by the setting it fills, whose problems it shows.
  const [form, setForm] = useState({
    serviceUrl: settings.serviceUrl,
    requestTimeoutSeconds: String(settings.requestTimeoutSeconds),
    sendIdempotencyKeys: settings.sendIdempotencyKeys,
  });
  const { problems, root, refuse, stale, clear } = useFieldProblems();
  const [saved, setSaved] = useState(false);
  // A saved address makes the last connection test's answer stale.
  const [revision, setRevision] = useState(0);

  const edit = (change: Partial<typeof form>) => {
    setForm({ ...form, ...change });
    setSaved(false);
    stale(Object.keys(change));
  };

  function saveConnection() {
    setSaved(false);
    const parsed = serviceAddress(form.serviceUrl);
    if ('error' in parsed) return refuse([{ field: 'serviceUrl', message: parsed.error }]);
    const patch = {
      serviceUrl: parsed.url,
      requestTimeoutSeconds: numberOrText(form.requestTimeoutSeconds) ?? '',
      sendIdempotencyKeys: form.sendIdempotencyKeys,
    };
    // The request must be made in this click, a user gesture, before anything awaits.
    const allowed = isLocalOrigin(parsed.origin)
      ? Promise.resolve(true)
      : requestAccess(parsed.origin);
    void allowed.then(async (granted) => {
      if (!granted)
        return refuse([
          { field: 'serviceUrl', message: t('options_connectionNotAllowed', parsed.origin) },
        ]);
      try {
        const next = await connector.call('settings.update', { patch });
        onSaved(next);
        setForm((old) => ({ ...old, serviceUrl: next.serviceUrl }));
        clear();
        setSaved(true);
        setRevision((count) => count + 1);
      } catch (error) {
        refuse(problemsOf(error));
      }
    });
  }

  const typed = serviceAddress(form.serviceUrl);
  const plainHttpBeyondHere =
    'origin' in typed && typed.origin.startsWith('http:') && !isLocalOrigin(typed.origin);

  return (
    <PageSection id="connection" title={t('options_connectionTitle')}>
      <div ref={root}>
        <ProblemsProvider problems={problems}>
          <TextField
            label={t('options_serviceAddressLabel')}
            type="url"
            value={form.serviceUrl}
            onInput={(serviceUrl) => edit({ serviceUrl })}
            problems={['serviceUrl']}
            hint={
              plainHttpBeyondHere
                ? t('options_serviceAddressPlainHttp')
                : t('options_serviceAddressHint', SANDBOX_URL)
            }
          />
          <div class="grid">
            <TextField
              label={t('options_timeoutLabel')}
              inputMode="numeric"
              value={form.requestTimeoutSeconds}
              onInput={(requestTimeoutSeconds) => edit({ requestTimeoutSeconds })}
              problems={['requestTimeoutSeconds']}
              hint={t('options_timeoutHint')}
            />
            <CheckField
              label={t('options_idempotencyLabel')}
              checked={form.sendIdempotencyKeys}
              onChange={(sendIdempotencyKeys) => edit({ sendIdempotencyKeys })}
              problems={['sendIdempotencyKeys']}
            />
          </div>
          <UnplacedProblems />
        </ProblemsProvider>
      </div>
      <div class="row">
        <button type="button" onClick={saveConnection}>
          {t('options_saveConnection')}
        </button>
        {saved && <span role="status">{t('options_connectionSaved')}</span>}
      </div>
      <TokenControls
        key={revision}
        status={token}
        afterSave={revision > 0}
        beyondThisMachine={!isLocalOrigin(new URL(settings.serviceUrl).origin)}
      />
      <OrdersWaitingForToken />
    </PageSection>
  );
}
