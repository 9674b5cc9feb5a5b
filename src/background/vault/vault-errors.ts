/**
 * A vault error with the sentence to show the user (the router passes `userMessage`
 * on). `locked` marks the one a page can fix on the spot by unlocking the vault.
 */
export class VaultError extends Error {
  constructor(
    readonly userMessage: string,
    readonly locked = false,
  ) {
    super(userMessage);
    this.name = 'VaultError';
  }
}

export const WRONG_PASSPHRASE = 'Wrong passphrase: check it and try again.';
export const DAMAGED =
  'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.';
export const LOCKED = 'The vault is locked: unlock it in Options first.';
export const NO_VAULT = 'There is no vault yet: create one in Options.';
