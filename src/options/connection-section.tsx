import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import { numberOrText } from '../shared/form-values.ts';
import { t } from '../shared/i18n.ts';
import type { TokenStatus } from '../shared/protocol.ts';
import { isLocalOrigin, SANDBOX_URL, serviceAddress } from '../shared/service-address.ts';
import type { Settings } from '../shared/settings.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { ProblemsProvider, UnplacedProblems } from '../ui/problems.tsx';
import { PageSection } from '../ui/section.tsx';
import type { BackgroundData } from '../ui/use-background.ts';
import { focusFirstProblem } from './focus.ts';
import { OrdersWaitingForToken } from './orders-waiting-for-token.tsx';
import { withoutProblemsAt } from './stale-problems.ts';
import { TokenControls } from './token-controls.tsx';

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
  const [address, setAddress] = useState(settings.serviceUrl);
  const [timeout, setTimeoutText] = useState(String(settings.requestTimeoutSeconds));
  const [idempotency, setIdempotency] = useState(settings.sendIdempotencyKeys);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [failures, setFailures] = useState(0);
  const [saved, setSaved] = useState(false);
  // A saved address makes the last connection test's answer stale.
  const [revision, setRevision] = useState(0);
  const fields = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (failures > 0) focusFirstProblem(fields.current);
  }, [failures]);

  const refuse = (refused: FieldProblem[]) => {
    setProblems(refused);
    setFailures((count) => count + 1);
  };
  const edited = (field: string) => {
    setSaved(false);
    setProblems((old) => withoutProblemsAt(old, [field]));
  };

  function saveConnection() {
    setSaved(false);
    const parsed = serviceAddress(address);
    if ('error' in parsed) return refuse([{ field: 'serviceUrl', message: parsed.error }]);
    const patch = {
      serviceUrl: parsed.url,
      requestTimeoutSeconds: numberOrText(timeout) ?? '',
      sendIdempotencyKeys: idempotency,
    };
    // The request must be made in this click, a user gesture, before anything awaits.
    const allowed = isLocalOrigin(parsed.origin)
      ? Promise.resolve(true)
      : browser.permissions.request({ origins: [`${parsed.origin}/*`] }).catch(() => false);
    void allowed.then(async (granted) => {
      if (!granted)
        return refuse([
          { field: 'serviceUrl', message: t('options_connectionNotAllowed', parsed.origin) },
        ]);
      try {
        const next = await connector.call('settings.update', { patch });
        onSaved(next);
        setAddress(next.serviceUrl);
        setProblems([]);
        setSaved(true);
        setRevision((count) => count + 1);
      } catch (error) {
        const failure = failureOf(error);
        refuse(
          failure.problems.length > 0
            ? failure.problems
            : [{ field: '', message: failure.message }],
        );
      }
    });
  }

  const typed = serviceAddress(address);
  const plainHttpBeyondHere =
    'origin' in typed && typed.origin.startsWith('http:') && !isLocalOrigin(typed.origin);

  return (
    <PageSection id="connection" title={t('options_connectionTitle')}>
      <div ref={fields}>
        <ProblemsProvider problems={problems}>
          <TextField
            label={t('options_serviceAddressLabel')}
            type="url"
            value={address}
            onInput={(value) => {
              setAddress(value);
              edited('serviceUrl');
            }}
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
              value={timeout}
              onInput={(value) => {
                setTimeoutText(value);
                edited('requestTimeoutSeconds');
              }}
              problems={['requestTimeoutSeconds']}
              hint={t('options_timeoutHint')}
            />
            <CheckField
              label={t('options_idempotencyLabel')}
              checked={idempotency}
              onChange={(on) => {
                setIdempotency(on);
                edited('sendIdempotencyKeys');
              }}
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
        staleCheck={revision > 0}
        afterSave={revision > 0}
        beyondThisMachine={!isLocalOrigin(new URL(settings.serviceUrl).origin)}
      />
      <OrdersWaitingForToken />
    </PageSection>
  );
}
