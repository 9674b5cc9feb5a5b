import { UserFacingError } from '../pages/user-errors.ts';

/** A vault error; `locked` marks the one a page can fix on the spot by unlocking the vault. */
export class VaultError extends UserFacingError {
  constructor(
    message: string,
    readonly locked = false,
  ) {
    super(message, locked ? 'vault_locked' : 'invalid');
  }
}
