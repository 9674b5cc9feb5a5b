/**
 * The vault as it is stored in local storage, and how it is checked before any
 * decryption. GCM fails alike for a wrong key and for changed data, so the vault
 * carries two things that tell them apart:
 * - `digest`, a SHA-256 of every other field: any changed byte (salt, iteration
 *   count, IVs, ciphertexts) is found before the passphrase is even tried, so a
 *   failure to open `check` afterwards can only mean a wrong passphrase;
 * - `check`, a known value sealed with the key, which only the right passphrase opens.
 * The digest has no key: it detects damage and careless edits, not an attacker, who
 * could not read or forge the items without the passphrase anyway (GCM sees to that).
 */
import { z } from '../../api/zod.ts';
import { fromBase64, IV_BYTES, SALT_BYTES, type Sealed, sha256 } from './vault-crypto.ts';

/** What `check` holds when the passphrase is right. */
export const CHECK_VALUE = 'buyline-vault';

function base64Of(bytes?: { exactly?: number; atLeast?: number }) {
  return z.string().check(
    z.refine((text: string) => {
      try {
        const length = fromBase64(text).length;
        if (bytes?.exactly !== undefined) return length === bytes.exactly;
        return length >= (bytes?.atLeast ?? 0);
      } catch {
        return false;
      }
    }),
  );
}

// AES-GCM's tag alone is 16 bytes, so no genuine ciphertext is shorter.
const sealedSchema = z.strictObject({
  iv: base64Of({ exactly: IV_BYTES }),
  data: base64Of({ atLeast: 16 }),
});

export const storedVaultSchema = z.strictObject({
  version: z.literal(1),
  salt: base64Of({ exactly: SALT_BYTES }),
  /**
   * Kept with the vault, so that a later release can raise it (unlock re-derives).
   * Bounded, so that a damaged count cannot keep the worker deriving for hours.
   */
  iterations: z.number().check(z.int(), z.gte(1), z.lte(10_000_000)),
  check: sealedSchema,
  items: sealedSchema,
  /** Absent only from vaults written before it existed; added at their next write. */
  digest: z.optional(z.string()),
});
export type StoredVault = z.infer<typeof storedVaultSchema>;

export function digestOf(vault: Omit<StoredVault, 'digest'>): Promise<string> {
  const sealed = (value: Sealed) => [value.iv, value.data];
  return sha256(
    JSON.stringify([
      vault.version,
      vault.salt,
      vault.iterations,
      ...sealed(vault.check),
      ...sealed(vault.items),
    ]),
  );
}

/** The stored vault with its digest filled in, ready to write. */
export async function withDigest(vault: Omit<StoredVault, 'digest'>): Promise<StoredVault> {
  const { version, salt, iterations, check, items } = vault;
  const body = { version, salt, iterations, check, items };
  return { ...body, digest: await digestOf(body) };
}

/** Whether a stored value is a whole, unchanged vault. */
export async function isIntact(value: unknown): Promise<boolean> {
  const parsed = storedVaultSchema.safeParse(value);
  if (!parsed.success) return false;
  if (parsed.data.digest === undefined) return true;
  return parsed.data.digest === (await digestOf(parsed.data));
}
