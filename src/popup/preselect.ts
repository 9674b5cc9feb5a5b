import type { Draft } from '../shared/order-form-model.ts';
import type { VaultLabel } from '../shared/vault-items.ts';
import type { LastVaultItems } from './stores.ts';

const KINDS = [
  ['credentialsId', 'credentials'],
  ['paymentId', 'payment'],
  ['billingId', 'billing'],
] as const;

/**
 * The vault items an own-account order starts with: for each of login, card and billing
 * address left unchosen, the one last used at this retailer while the vault still holds
 * it, else the only one that fits (a login must be for this retailer), else none.
 */
export function preselected(
  secrets: Draft['secrets'],
  items: readonly VaultLabel[],
  retailer: string,
  last: LastVaultItems,
): Draft['secrets'] {
  const chosen = { ...secrets };
  for (const [key, kind] of KINDS) {
    if (chosen[key]) continue;
    const fits = items.filter(
      (item) => item.kind === kind && (kind !== 'credentials' || item.retailer === retailer),
    );
    chosen[key] =
      fits.find((item) => item.id === last[retailer]?.[key])?.id ??
      (fits.length === 1 ? (fits[0]?.id ?? '') : '');
  }
  return chosen;
}
