import { useState } from 'preact/hooks';
import { t } from '../../shared/i18n.ts';
import type { VaultStatus } from '../../shared/vault-items.ts';
import { useConnector } from '../../ui/connector.ts';
import { failureOf } from '../../ui/failure.ts';
import { TextField } from '../../ui/fields.tsx';
import { button } from '../button.tsx';

/**
 * The vault unlocked where the order is: the passphrase, then Unlock (or Enter, which
 * unlocks rather than places). The popup only learns the items' labels.
 */
export function VaultUnlock(props: { onUnlocked: (vault: VaultStatus) => void }) {
  const connector = useConnector();
  const [passphrase, setPassphrase] = useState('');
  const [error, setError] = useState<string>();
  async function unlock() {
    if (!passphrase) return setError(t('popup_passphraseEmpty'));
    try {
      props.onUnlocked(await connector.call('vault.unlock', { passphrase }));
    } catch (failure) {
      setError(failureOf(failure).message);
    }
  }
  return (
    <div class="row unlock">
      <TextField
        label={t('popup_passphrase')}
        type="password"
        secret
        value={passphrase}
        onInput={(text) => {
          setPassphrase(text);
          setError(undefined);
        }}
        onEnter={unlock}
        error={error}
      />
      {button(t('popup_unlock'), unlock)}
    </div>
  );
}
