/**
 * The vault's cryptography (PBKDF2-SHA-256, AES-GCM-256 with a fresh random IV each time)
 * and stored shape. GCM fails alike for a wrong key and changed data, so the vault carries
 * `digest`, a SHA-256 of every other field (unkeyed: it detects damage), checked before
 * the passphrase is tried, and `check`, a known value only the right passphrase opens.
 */
import { z } from '../../api/zod.ts';

export const PBKDF2_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;
export const CHECK_VALUE = 'buyline-vault';

export interface Sealed {
  iv: string;
  data: string;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** Derives the AES key; extractable so that it can be kept in session memory while unlocked. */
export async function deriveKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  );
}

export async function exportKey(key: CryptoKey): Promise<string> {
  return toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key)));
}

export function importKey(raw: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', fromBase64(raw), { name: 'AES-GCM' }, true, [
    'encrypt',
    'decrypt',
  ]);
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = randomBytes(IV_BYTES);
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    key,
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

/** Throws when the key is wrong or the data was changed: GCM authenticates both alike. */
export async function open<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

/** Base64 text whose bytes' count passes `fits`. */
const base64Of = (fits: (length: number) => boolean) =>
  z.string().check(
    z.refine((text: string) => {
      try {
        return fits(fromBase64(text).length);
      } catch {
        return false;
      }
    }),
  );

// AES-GCM's tag alone is 16 bytes, so no genuine ciphertext is shorter.
const sealedSchema = z.strictObject({
  iv: base64Of((length) => length === IV_BYTES),
  data: base64Of((length) => length >= 16),
});

const storedVaultSchema = z.strictObject({
  version: z.literal(1),
  salt: base64Of((length) => length === SALT_BYTES),
  // Kept with the vault so that a later release can raise it (unlock re-derives);
  // bounded so that a damaged count cannot keep the worker deriving for hours.
  iterations: z.number().check(z.int(), z.gte(1), z.lte(10_000_000)),
  check: sealedSchema,
  items: sealedSchema,
  /** Absent only from vaults written before it existed; added at their next write. */
  digest: z.optional(z.string()),
});
export type StoredVault = z.infer<typeof storedVaultSchema>;

async function digestOf(vault: Omit<StoredVault, 'digest'>): Promise<string> {
  const { version, salt, iterations, check, items } = vault;
  const fields = [version, salt, iterations, check.iv, check.data, items.iv, items.data];
  const text = new TextEncoder().encode(JSON.stringify(fields));
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', text)));
}

/** The stored vault with its digest filled in (any older one replaced), ready to write. */
export async function withDigest(vault: Omit<StoredVault, 'digest'>): Promise<StoredVault> {
  return { ...vault, digest: await digestOf(vault) };
}

/** The stored value as a vault when it is whole and unchanged, else undefined. */
export async function intactVault(value: unknown): Promise<StoredVault | undefined> {
  const parsed = storedVaultSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { digest } = parsed.data;
  return digest === undefined || digest === (await digestOf(parsed.data)) ? parsed.data : undefined;
}

/** A new vault holding these items, sealed under a key derived from the passphrase. */
export async function sealVault(passphrase: string, items: unknown) {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(passphrase, salt, PBKDF2_ITERATIONS);
  const vault = {
    version: 1 as const,
    salt: toBase64(salt),
    iterations: PBKDF2_ITERATIONS,
    check: await seal(key, CHECK_VALUE),
    items: await seal(key, items),
  };
  return { key, vault };
}
