import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { MIN_PASSPHRASE_LENGTH, passphraseStrength } from './passphrase-strength.ts';

/** Creating the vault: the passphrase twice, with a hint of its strength. */
export function CreateVault({ onDone }: { onDone: (status: VaultStatus) => void }) {
  const connector = useConnector();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ passphrase?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);

  async function create() {
    if (passphrase.length < MIN_PASSPHRASE_LENGTH)
      return setErrors({ passphrase: t('options_passphraseTooShort', MIN_PASSPHRASE_LENGTH) });
    if (repeat !== passphrase) return setErrors({ repeat: t('options_passphrasesDiffer') });
    setBusy(true);
    try {
      onDone(await connector.call('vault.create', { passphrase }));
    } catch (error) {
      setErrors({ passphrase: failureOf(error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <p>{t('options_vaultCreateIntro')}</p>
      <TextField
        label={t('options_newPassphrase')}
        type="password"
        value={passphrase}
        onInput={(value) => {
          setPassphrase(value);
          setErrors({});
        }}
        error={errors.passphrase}
        hint={
          passphrase === ''
            ? t('options_passphraseHint', MIN_PASSPHRASE_LENGTH)
            : passphraseStrength(passphrase).hint
        }
      />
      <TextField
        label={t('options_repeatPassphrase')}
        type="password"
        value={repeat}
        onInput={(value) => {
          setRepeat(value);
          setErrors({});
        }}
        error={errors.repeat}
      />
      <button type="submit" disabled={busy}>
        {busy ? t('options_vaultCreating') : t('options_vaultCreate')}
      </button>
    </form>
  );
}

/** Unlocking for this browser session. */
export function UnlockVault({ onDone }: { onDone: (status: VaultStatus) => void }) {
  const connector = useConnector();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function unlock() {
    setBusy(true);
    try {
      onDone(await connector.call('vault.unlock', { passphrase }));
    } catch (failure) {
      setError(failureOf(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void unlock();
      }}
    >
      <p>{t('options_vaultLocked')}</p>
      <TextField
        label={t('options_passphrase')}
        type="password"
        value={passphrase}
        onInput={(value) => {
          setPassphrase(value);
          setError(undefined);
        }}
        error={error}
      />
      <button type="submit" disabled={busy}>
        {busy ? t('options_vaultUnlocking') : t('options_vaultUnlock')}
      </button>
    </form>
  );
}

/** Deleting the vault, behind a second, explicit confirmation. */
export function DeleteVault({ onDone }: { onDone: (status: VaultStatus) => void }) {
  const connector = useConnector();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  // Focus follows the question: to its first answer, and back when it is withdrawn.
  const [answered, setAnswered] = useState(false);
  useLayoutEffect(() => {
    if (asking) confirm.current?.focus();
    else if (answered) ask.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button type="button" class="danger" ref={ask} onClick={() => setAsking(true)}>
        {t('options_vaultDeleteAsk')}
      </button>
    );
  return (
    <fieldset class="notice">
      <legend>{t('options_vaultDeleteLegend')}</legend>
      <p>{t('options_vaultDeleteExplain')}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button
          type="button"
          class="danger"
          ref={confirm}
          onClick={async () => {
            try {
              onDone(await connector.call('vault.delete', {}));
            } catch (failure) {
              setError(failureOf(failure).message);
            }
          }}
        >
          {t('options_vaultDeleteConfirm')}
        </button>
        <button
          type="button"
          onClick={() => {
            setAnswered(true);
            setAsking(false);
          }}
        >
          {t('options_vaultDeleteKeep')}
        </button>
      </div>
    </fieldset>
  );
}
