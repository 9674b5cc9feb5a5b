/**
 * A vault error with the sentence to show the user (the router passes `userMessage`
 * on). `locked` marks the one a page can fix on the spot by unlocking the vault.
 */
import { t } from '../../shared/i18n.ts';

export class VaultError extends Error {
  constructor(
    readonly userMessage: string,
    readonly locked = false,
  ) {
    super(userMessage);
    this.name = 'VaultError';
  }
}

export const WRONG_PASSPHRASE = t('bg_vaultWrongPassphrase');
export const DAMAGED = t('bg_vaultDamaged');
export const LOCKED = t('bg_vaultLocked');
export const NO_VAULT = t('bg_vaultMissing');
