import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { FieldProblem } from '../api/problems.ts';
import { browser } from '../shared/browser.ts';
import { t } from '../shared/i18n.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import { isLocalOrigin, SANDBOX_URL, serviceAddress } from '../shared/service-address.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { CheckField, TextField } from '../ui/fields.tsx';
import { type BackgroundData, useBackground } from '../ui/use-background.ts';
import { focusOn } from './field-problems.ts';
import { numberFields, type SectionProps, SettingsForm } from './section-form.tsx';
import { dateTimeText } from './words.ts';

/** Asks the browser for access to a service's origin; must be called in a click, a user gesture. */
export const requestAccess = (origin: string): Promise<boolean> =>
  browser.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);

/** The service address's field, where the next step is when the service cannot be reached. */
export const serviceAddressField = () =>
  document.getElementById('connection-heading')?.closest('section')?.querySelector('input');

/** How many orders wait for a working token, to go out as soon as one is saved. */
export function OrdersWaitingForToken() {
  const waiting = useBackground((c) => c.call('orders.awaitingToken', {}), ['orders', 'token']);
  const count = waiting.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <p class="notice" role="status" data-testid="orders-waiting-for-token">
      {count === 1
        ? t('options_ordersAwaitingTokenOne')
        : t('options_ordersAwaitingTokenMany', count)}
    </p>
  );
}

/**
 * The service token, write-only, and the connection test. Focus goes where the next step
 * is: a rejected token to its field, an unreachable service to its address.
 */
function TokenControls(props: {
  status: BackgroundData<TokenStatus>;
  /** Drawn again after the connection was saved: the last check spoke of the old address. */
  afterSave: boolean;
  /** The sandbox's demo token is never sent beyond this machine: the page asks for one. */
  beyondThisMachine: boolean;
}) {
  const connector = useConnector();
  const { status } = props;
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | undefined>();
  // null: the last check is stale (the address changed since), so none is shown.
  const [check, setCheck] = useState<ConnectionCheck | null | undefined>(
    props.afterSave ? null : undefined,
  );
  const [testing, setTesting] = useState(false);
  const tokenField = useRef<HTMLDivElement>(null);
  const testButton = useRef<HTMLButtonElement>(null);
  const shown = check === undefined ? status.data?.check : (check ?? undefined);
  const set = status.data?.set;
  const demo = status.data?.demo;
  const stateWord = demo
    ? t('options_tokenDemo')
    : set === undefined
      ? '…'
      : t(set ? 'options_tokenStateSet' : 'options_tokenStateNotSet');
  const focusToken = () => focusOn(tokenField.current?.querySelector('input'));

  useLayoutEffect(() => {
    // The status shown may predate the save: a demo token is not sent to the new
    // address beyond this machine, so its token is the next step there.
    const ready = set && !(props.beyondThisMachine && demo);
    if (props.afterSave) ready ? focusOn(testButton.current) : focusToken();
  }, []);

  function run(action: () => Promise<void>) {
    setTokenError(undefined);
    return action().catch((error) => {
      setTokenError(failureOf(error).message);
      focusToken();
    });
  }

  async function test() {
    setTesting(true);
    const answer = await connector.call('token.test', {}).finally(() => setTesting(false));
    setCheck(answer);
    if (answer.result === 'token_rejected' || answer.result === 'no_token') focusToken();
    else if (answer.result !== 'connected') focusOn(serviceAddressField());
  }

  const saveToken = () =>
    run(async () => {
      if (!token.trim()) return setTokenError(t('options_tokenRequired'));
      status.show(await connector.call('token.set', { token: token.trim() }));
      setToken('');
      await test();
    });

  const removeToken = () =>
    run(async () => {
      status.show(await connector.call('token.remove', {}));
      setCheck(null);
      focusToken();
    });

  return (
    <>
      <h3>{t('options_tokenHeading')}</h3>
      <p>
        {!demo && `${t('options_tokenStateLabel')} `}
        <strong>{stateWord}</strong>{' '}
        <span class="hint">{t(demo ? 'options_tokenDemoHint' : 'options_tokenKeptHint')}</span>
      </p>
      {set === false && props.beyondThisMachine && (
        <p class="hint">{t('options_tokenOwnForService')}</p>
      )}
      <div ref={tokenField}>
        <TextField
          label={set ? t('options_tokenReplaceLabel') : t('options_tokenLabel')}
          type="password"
          secret
          value={token}
          onInput={(value) => {
            setToken(value);
            setTokenError(undefined);
          }}
          error={tokenError ?? (status.error ? failureOf(status.error).message : undefined)}
        />
      </div>
      <div class="row">
        <button type="button" onClick={saveToken}>
          {t('options_saveToken')}
        </button>
        <button type="button" disabled={!set} onClick={removeToken}>
          {t('options_removeToken')}
        </button>
        <button type="button" ref={testButton} disabled={testing} onClick={() => run(test)}>
          {t('options_testConnection')}
        </button>
      </div>
      {testing && <p role="status">{t('options_testing')}</p>}
      {shown && !testing && (
        <>
          <p role="status" class={shown.result === 'connected' ? 'ok' : 'error'}>
            {shown.message}
          </p>
          <p class="hint">{t('options_testedAt', dateTimeText(shown.at))}</p>
        </>
      )}
    </>
  );
}

/** The service address cleaned up, and the browser's access to it, asked in the click itself. */
async function allowService(patch: Record<string, unknown>): Promise<FieldProblem[]> {
  const parsed = serviceAddress(String(patch.serviceUrl));
  if ('error' in parsed) return [{ field: 'serviceUrl', message: parsed.error }];
  patch.serviceUrl = parsed.url;
  if (isLocalOrigin(parsed.origin) || (await requestAccess(parsed.origin))) return [];
  return [{ field: 'serviceUrl', message: t('options_connectionNotAllowed', parsed.origin) }];
}

/** The service address (with the browser's permission), the write-only token, and a test. */
export function ConnectionSection(props: SectionProps & { token: BackgroundData<TokenStatus> }) {
  // A saved address makes the last connection test's answer stale.
  const [revision, setRevision] = useState(0);
  return (
    <SettingsForm
      id="connection"
      settings={props.settings}
      keys={['serviceUrl', 'requestTimeoutSeconds', 'sendIdempotencyKeys']}
      prepare={allowService}
      onSaved={(next) => {
        props.onSaved(next);
        setRevision((count) => count + 1);
      }}
      after={
        <>
          <TokenControls
            key={revision}
            status={props.token}
            afterSave={revision > 0}
            beyondThisMachine={!isLocalOrigin(new URL(props.settings.serviceUrl).origin)}
          />
          <OrdersWaitingForToken />
        </>
      }
    >
      {(part) => {
        const typed = serviceAddress(part.draft.serviceUrl);
        const plainHttp =
          'origin' in typed && typed.origin.startsWith('http:') && !isLocalOrigin(typed.origin);
        return (
          <>
            <TextField
              label={t('options_serviceAddressLabel')}
              type="url"
              value={part.draft.serviceUrl}
              onInput={(serviceUrl) => part.change({ serviceUrl })}
              problems={['serviceUrl']}
              hint={
                plainHttp
                  ? t('options_serviceAddressPlainHttp')
                  : t('options_serviceAddressHint', SANDBOX_URL)
              }
            />
            <div class="grid">
              {numberFields(part, ['requestTimeout'])}
              <CheckField
                label={t('options_idempotencyLabel')}
                checked={part.draft.sendIdempotencyKeys}
                onChange={(sendIdempotencyKeys) => part.change({ sendIdempotencyKeys })}
                problems={['sendIdempotencyKeys']}
              />
            </div>
          </>
        );
      }}
    </SettingsForm>
  );
}
