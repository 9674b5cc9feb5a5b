import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type MessageKey, t } from '../shared/i18n.ts';
import type { VaultLabel, VaultStatus } from '../shared/vault-items.ts';
import { useConnector } from '../ui/connector.ts';
import { ErrorText } from '../ui/error-text.tsx';
import { PageSection } from '../ui/section.tsx';
import { useBackground } from '../ui/use-background.ts';
import { focusOn } from './field-problems.ts';
import { DeleteVault, PassphraseForm } from './vault-access.tsx';
import { VaultItemForm } from './vault-item-form.tsx';
import { timeText } from './words.ts';

const GROUPS: [VaultLabel['kind'], MessageKey][] = [
  ['credentials', 'options_vaultLogins'],
  ['payment', 'options_vaultPayments'],
  ['billing', 'options_vaultBillings'],
];

/** Own-account secrets: encrypted at rest, unlocked for this browser session, shown as labels only. */
export function VaultSection() {
  const connector = useConnector();
  // Read again when the background announces a change: a lock when idle, another page.
  const vault = useBackground((c) => c.call('vault.status', {}), ['vault']);
  const [error, setError] = useState<unknown>();
  const [acted, setActed] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const status = vault.data;
  const show = (next: VaultStatus) => {
    vault.show(next);
    setError(undefined);
  };
  // After creating, unlocking, locking, deleting or removing, the next step is the first
  // control the vault now shows: a passphrase, or the kind of secret to add.
  const showAndGoOn = (next: VaultStatus) => {
    show(next);
    setActed((count) => count + 1);
  };
  useLayoutEffect(() => {
    if (acted > 0) focusOn(root.current?.querySelector('input, select'));
  }, [acted]);

  async function run(action: () => Promise<VaultStatus>) {
    try {
      showAndGoOn(await action());
    } catch (failure) {
      setError(failure);
      vault.reload();
    }
  }
  const shownError = error ?? vault.error;

  return (
    <PageSection id="vault" title={t('options_vaultTitle')}>
      <div ref={root}>
        <p class="hint">{t('options_vaultIntro')}</p>
        <ErrorText error={shownError} />
        {status === undefined && !shownError && <p>{t('options_loading')}</p>}
        {status && !status.exists && <PassphraseForm create onDone={showAndGoOn} />}
        {status?.exists && !status.unlocked && <PassphraseForm onDone={showAndGoOn} />}
        {status?.unlocked && (
          <>
            <div class="row">
              <p role="status">
                {status.locksAt
                  ? t('options_vaultUnlockedUntil', timeText(status.locksAt))
                  : t('options_vaultUnlocked')}
              </p>
              <button type="button" onClick={() => run(() => connector.call('vault.lock', {}))}>
                {t('options_vaultLock')}
              </button>
            </div>
            {GROUPS.map(([kind, titleKey]) => {
              const title = t(titleKey);
              const items = status.items.filter((item) => item.kind === kind);
              return (
                <div key={kind}>
                  <h3 id={`vault-${kind}`}>{title}</h3>
                  {items.length === 0 ? (
                    <p class="hint">{t('options_vaultNone')}</p>
                  ) : (
                    <ul aria-labelledby={`vault-${kind}`} class="plain">
                      {items.map((item) => (
                        <li key={item.id} class="row">
                          <span>{item.label}</span>
                          <button
                            type="button"
                            onClick={() =>
                              run(() => connector.call('vault.remove', { id: item.id }))
                            }
                          >
                            {t('options_vaultRemove')}
                            <span class="sr"> {item.label}</span>
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
        {(status?.exists || shownError !== undefined) && <DeleteVault onDone={showAndGoOn} />}
      </div>
    </PageSection>
  );
}
