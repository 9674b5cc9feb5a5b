import { useState } from 'preact/hooks';
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
      return setErrors({
        passphrase: `New passphrase must be at least ${MIN_PASSPHRASE_LENGTH} characters.`,
      });
    if (repeat !== passphrase)
      return setErrors({ repeat: 'The two passphrases differ: type the same one twice.' });
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
      <p>
        Create a vault to order with your own retailer account. Choose a passphrase you will
        remember: without it the saved secrets cannot be recovered.
      </p>
      <TextField
        label="New passphrase"
        type="password"
        value={passphrase}
        onInput={(value) => {
          setPassphrase(value);
          setErrors({});
        }}
        error={errors.passphrase}
        hint={
          passphrase === ''
            ? `At least ${MIN_PASSPHRASE_LENGTH} characters; four or more unrelated words are easy to remember.`
            : passphraseStrength(passphrase).hint
        }
      />
      <TextField
        label="Repeat passphrase"
        type="password"
        value={repeat}
        onInput={(value) => {
          setRepeat(value);
          setErrors({});
        }}
        error={errors.repeat}
      />
      <button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create vault'}
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
      <p>
        The vault is locked. Unlock it to add or remove secrets and to place own-account orders.
      </p>
      <TextField
        label="Passphrase"
        type="password"
        value={passphrase}
        onInput={(value) => {
          setPassphrase(value);
          setError(undefined);
        }}
        error={error}
      />
      <button type="submit" disabled={busy}>
        {busy ? 'Unlocking…' : 'Unlock vault'}
      </button>
    </form>
  );
}

/** Deleting the vault, behind a second, explicit confirmation. */
export function DeleteVault({ onDone }: { onDone: (status: VaultStatus) => void }) {
  const connector = useConnector();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        Delete the vault…
      </button>
    );
  return (
    <fieldset class="notice">
      <legend>Delete the vault?</legend>
      <p>
        Deleting the vault removes every saved login, payment method and billing address. They
        cannot be recovered; you can then create a new vault.
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <div class="row">
        <button
          type="button"
          class="danger"
          onClick={async () => {
            try {
              onDone(await connector.call('vault.delete', {}));
            } catch (failure) {
              setError(failureOf(failure).message);
            }
          }}
        >
          Delete the vault and its secrets
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Keep the vault
        </button>
      </div>
    </fieldset>
  );
}
