import { useState } from 'preact/hooks';
import { t } from '../shared/i18n.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { failureOf } from '../ui/failure.ts';
import { TextField } from '../ui/fields.tsx';
import { focusOnMount } from '../ui/focus.ts';
import { MIN_PASSPHRASE_LENGTH, passphraseStrength } from './passphrase-strength.ts';
import { Question } from './question.tsx';

type Done = { onDone: (status: VaultStatus) => void };

/**
 * Creating the vault (the passphrase twice, with a hint of its strength), or unlocking
 * it for this browser session.
 */
export function PassphraseForm({ create, onDone }: Done & { create?: boolean }) {
  const connector = useConnector();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ passphrase?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (create && passphrase.length < MIN_PASSPHRASE_LENGTH)
      return setErrors({ passphrase: t('options_passphraseTooShort', MIN_PASSPHRASE_LENGTH) });
    if (create && repeat !== passphrase)
      return setErrors({ repeat: t('options_passphrasesDiffer') });
    setBusy(true);
    try {
      onDone(await connector.call(create ? 'vault.create' : 'vault.unlock', { passphrase }));
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
        void submit();
      }}
    >
      <p>{create ? t('options_vaultCreateIntro') : t('options_vaultLocked')}</p>
      <TextField
        label={create ? t('options_newPassphrase') : t('options_passphrase')}
        type="password"
        value={passphrase}
        onInput={(value) => {
          setPassphrase(value);
          setErrors({});
        }}
        error={errors.passphrase}
        hint={
          !create
            ? undefined
            : passphrase === ''
              ? t('options_passphraseHint', MIN_PASSPHRASE_LENGTH)
              : passphraseStrength(passphrase).hint
        }
      />
      {create && (
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
      )}
      <button type="submit" disabled={busy}>
        {create
          ? busy
            ? t('options_vaultCreating')
            : t('options_vaultCreate')
          : busy
            ? t('options_vaultUnlocking')
            : t('options_vaultUnlock')}
      </button>
    </form>
  );
}

/** Deleting the vault, behind a second, explicit confirmation. */
export function DeleteVault({ onDone }: Done) {
  const connector = useConnector();
  const [asking, setAsking] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!asking)
    return (
      <button
        type="button"
        class="danger"
        ref={answered ? focusOnMount : null}
        onClick={() => setAsking(true)}
      >
        {t('options_vaultDeleteAsk')}
      </button>
    );
  return (
    <Question
      legend={t('options_vaultDeleteLegend')}
      explain={t('options_vaultDeleteExplain')}
      error={error}
      confirm={t('options_vaultDeleteConfirm')}
      keep={t('options_vaultDeleteKeep')}
      onConfirm={async () => {
        try {
          onDone(await connector.call('vault.delete', {}));
        } catch (failure) {
          setError(failureOf(failure).message);
        }
      }}
      onKeep={() => {
        setAnswered(true);
        setAsking(false);
      }}
    />
  );
}
