/** Form text made into request values without judging it: the background's check does. */

/** A number field: nothing when empty, the number when it reads as one, else the text. */
export function numberOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** A list typed as text: items separated by commas or spaces. */
export function listOf(text: string): string[] {
  return text
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Keeps only the keys whose value is defined. */
export function definedOnly<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** Addresses as typed (webhooks), trimmed, without the empty ones. */
export const filledIn = (texts: Readonly<Record<string, string | undefined>>) =>
  Object.fromEntries(
    Object.entries(texts).flatMap(([key, text]) => (text?.trim() ? [[key, text.trim()]] : [])),
  ) as Record<string, string>;

/** A number shown in a field: its text, or empty for none. */
export function numberText(value: number | undefined | null): string {
  return value === undefined || value === null ? '' : String(value);
}
