import { useState } from 'preact/hooks';
import type { VaultLabel, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { PageSection } from '../ui/section.tsx';
import { useBackground } from '../ui/use-background.ts';
import { CreateVault, DeleteVault, UnlockVault } from './vault-access.tsx';
import { VaultItemForm } from './vault-item-form.tsx';

const GROUPS: [VaultLabel['kind'], string][] = [
  ['credentials', 'Retailer logins'],
  ['payment', 'Payment methods'],
  ['billing', 'Billing addresses'],
];

/** Own-account secrets: encrypted at rest, unlocked for this browser session, shown as labels only. */
export function VaultSection() {
  const connector = useConnector();
  // Read again when the background announces a change: a lock when idle, another page.
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const [error, setError] = useState<unknown>();
  const status = vault.data;
  const show = (next: VaultStatus) => {
    vault.show(next);
    setError(undefined);
  };

  async function run(action: () => Promise<VaultStatus>) {
    try {
      show(await action());
    } catch (failure) {
      setError(failure);
      vault.reload();
    }
  }
  const shownError = error ?? vault.error;

  return (
    <PageSection id="vault" title="Own-account secrets">
      <p class="hint">
        Retailer logins, payment methods and billing addresses for ordering with your own account.
        They are encrypted with your passphrase (AES-GCM, PBKDF2 with 600,000 rounds), decrypted
        only by Buyline’s background when an order is placed, and shown here by label only.
      </p>
      <ErrorText error={shownError} />
      {status === undefined && !shownError && <p>Loading…</p>}
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
            <button type="button" onClick={() => run(() => connector.call('vault.lock', {}))}>
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
                        <button
                          type="button"
                          onClick={() => run(() => connector.call('vault.remove', { id: item.id }))}
                        >
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
      {(status?.exists || shownError !== undefined) && <DeleteVault onDone={show} />}
    </PageSection>
  );
}
