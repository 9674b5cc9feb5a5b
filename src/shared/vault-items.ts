/**
 * The secrets of own-account ordering, as the vault keeps them (encrypted at rest)
 * and as pages may see them: labels only. The options page sends a full item once,
 * when the user saves it; nothing ever sends one back.
 */

import { RETAILER_CODES } from '../api/retailers.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { paymentMethodSchema, retailerCredentialsSchema } from '../api/schemas/payment.ts';
import { z } from '../api/zod.ts';

/** What the options page sends to save one item; built when `vault.save` first arrives. */
export function vaultItemInputSchema() {
  const id = z.string().check(z.minLength(1), z.maxLength(100));
  const label = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
  return z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('credentials'),
      id,
      label,
      retailer: z.enum(RETAILER_CODES),
      credentials: retailerCredentialsSchema(),
    }),
    z.strictObject({ kind: z.literal('payment'), id, label, payment: paymentMethodSchema() }),
    z.strictObject({ kind: z.literal('billing'), id, label, address: addressSchema }),
  ]);
}
export type VaultItem = z.infer<ReturnType<typeof vaultItemInputSchema>>;

/** What a page may know of an item. */
export interface VaultLabel {
  id: string;
  kind: VaultItem['kind'];
  label: string;
  /** Credentials only. */
  retailer?: string;
}

export interface VaultStatus {
  exists: boolean;
  unlocked: boolean;
  /** Empty while locked. */
  items: VaultLabel[];
  /** When it locks itself if left idle, unix ms (while unlocked). */
  locksAt?: number;
}
