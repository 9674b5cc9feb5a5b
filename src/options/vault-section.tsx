import { useEffect, useState } from 'preact/hooks';
import { ask } from '../shared/messaging.ts';
import type { VaultLabel, VaultStatus } from '../shared/vault-items.ts';
import { errorText } from './field-problems.ts';
import { CreateVault, DeleteVault, UnlockVault } from './vault-access.tsx';
import { VaultItemForm } from './vault-item-form.tsx';

const GROUPS: [VaultLabel['kind'], string][] = [
  ['credentials', 'Retailer logins'],
  ['payment', 'Payment methods'],
  ['billing', 'Billing addresses'],
];

/** Own-account secrets: encrypted at rest, unlocked for this browser session, shown as labels only. */
export function VaultSection() {
  const [status, setStatus] = useState<VaultStatus | undefined>();
  const [error, setError] = useState<string | undefined>();

  const refresh = () =>
    ask('vault.status', {})
      .then((next) => {
        setStatus(next);
        setError(undefined);
      })
      .catch((failure: unknown) => setError(errorText(failure)));
  const show = (next: VaultStatus) => {
    setStatus(next);
    setError(undefined);
  };

  useEffect(() => {
    void refresh();
    // The vault may lock itself, or be unlocked from another page, while this one is open.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (!status?.locksAt) return;
    // Show the lock when it happens: reading the status past the deadline locks it.
    const wait = Math.min(Math.max(status.locksAt - Date.now(), 0) + 1_000, 2 ** 31 - 1);
    const timer = setTimeout(() => void refresh(), wait);
    return () => clearTimeout(timer);
  }, [status?.locksAt]);

  async function remove(item: VaultLabel) {
    try {
      show(await ask('vault.remove', { id: item.id }));
    } catch (failure) {
      setError(errorText(failure));
      void refresh();
    }
  }

  return (
    <section aria-labelledby="vault-heading">
      <h2 id="vault-heading">Own-account secrets</h2>
      <p class="hint">
        Retailer logins, payment methods and billing addresses for ordering with your own account.
        They are encrypted with your passphrase (AES-GCM, PBKDF2 with 600,000 rounds), decrypted
        only by Buyline’s background when an order is placed, and shown here by label only.
      </p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {status === undefined && !error && <p>Loading…</p>}
      {status && !status.exists && <CreateVault onDone={show} />}
      {status?.exists && !status.unlocked && <UnlockVault onDone={show} />}
      {status?.unlocked && (
        <>
          <div class="row">
            <p role="status">
              Vault unlocked
              {status.locksAt
                ? ` until ${new Date(status.locksAt).toLocaleTimeString()} if left idle`
                : ''}
              .
            </p>
            <button
              type="button"
              onClick={() =>
                ask('vault.lock', {})
                  .then(show)
                  .catch((failure: unknown) => setError(errorText(failure)))
              }
            >
              Lock vault
            </button>
          </div>
          {GROUPS.map(([kind, title]) => {
            const items = status.items.filter((item) => item.kind === kind);
            return (
              <div key={kind}>
                <h3 id={`vault-${kind}`}>{title}</h3>
                {items.length === 0 ? (
                  <p class="hint">None saved.</p>
                ) : (
                  <ul aria-labelledby={`vault-${kind}`} class="plain">
                    {items.map((item) => (
                      <li key={item.id} class="row">
                        <span>{item.label}</span>
                        <button type="button" onClick={() => remove(item)}>
                          Remove {item.label}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
          <VaultItemForm onSaved={show} />
        </>
      )}
      {(status?.exists || error) && <DeleteVault onDone={show} />}
    </section>
  );
}
