import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { ConnectionCheck, TokenStatus } from '../shared/protocol.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import type { BackgroundData } from '../ui/use-background.ts';
import { focusOn } from './field-problems.ts';
import { dateTimeText } from './words.ts';

/** The service address's field, where the next step is when the service cannot be reached. */
export const serviceAddressField = () =>
  document.getElementById('connection-heading')?.closest('section')?.querySelector('input');

/**
 * The service token, write-only: the page says whether one is set (or that it is the
 * local sandbox's demo token), replaces or removes it, and tests the connection. The
 * token itself never comes back from the background. After each action focus goes where
 * the next step is: a rejected token to the token field, an unreachable service to its
 * address.
 */
export function TokenControls(props: {
  status: BackgroundData<TokenStatus>;
  /**
   * Shown again after the connection was saved: the last check's answer speaks about the
   * address before, so it is not shown, and focus goes to the next step.
   */
  afterSave: boolean;
  /**
   * The service is not on this machine: the sandbox's demo token is never sent there, so
   * without a token of its own the page asks for one.
   */
  beyondThisMachine?: boolean;
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
  const focusToken = () => focusOn(tokenField.current?.querySelector('input'));

  useLayoutEffect(() => {
    // The status shown may predate the save: a demo token is not sent to the new
    // address beyond this machine, so its token is the next step there.
    const ready = set && !(props.beyondThisMachine && status.data?.demo);
    if (props.afterSave) ready ? focusOn(testButton.current) : focusToken();
  }, []);

  async function run(action: () => Promise<void>) {
    setTokenError(undefined);
    try {
      await action();
    } catch (error) {
      setTokenError(failureOf(error).message);
      focusToken();
    }
  }

  async function test() {
    setTesting(true);
    try {
      const answer = await connector.call('token.test', {});
      setCheck(answer);
      if (answer.result === 'token_rejected' || answer.result === 'no_token') focusToken();
      else if (answer.result !== 'connected') focusOn(serviceAddressField());
    } finally {
      setTesting(false);
    }
  }

  const saveToken = () =>
    run(async () => {
      if (!token.trim()) return setTokenError(t('options_tokenRequired'));
      status.show(await connector.call('token.set', { token: token.trim() }));
      setToken('');
      await test();
    });

  return (
    <>
      <h3>{t('options_tokenHeading')}</h3>
      {status.data?.demo ? (
        <p>
          <strong>{t('options_tokenDemo')}</strong>{' '}
          <span class="hint">{t('options_tokenDemoHint')}</span>
        </p>
      ) : (
        <p>
          {t('options_tokenStateLabel')}{' '}
          <strong>
            {set === undefined
              ? '…'
              : set
                ? t('options_tokenStateSet')
                : t('options_tokenStateNotSet')}
          </strong>
          <span class="hint"> {t('options_tokenKeptHint')}</span>
        </p>
      )}
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
        <button
          type="button"
          disabled={!set}
          onClick={() =>
            run(async () => {
              status.show(await connector.call('token.remove', {}));
              setCheck(null);
              focusToken();
            })
          }
        >
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
