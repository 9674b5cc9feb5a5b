/**
 * The buyer's client notes as the object the service takes: a JSON object as written, any
 * other text whole as `note`, so Buyline's own reference sits beside it. `undefined` when
 * the text starts like a JSON object but is not one: the caller says so.
 */
export function notesObject(text: string): Record<string, unknown> | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { note: text };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whatever a caller put in `client_notes`, as an object to add Buyline's notes to. */
export function notesOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  if (typeof value === 'string') return value.trim() === '' ? {} : { note: value };
  return value === undefined || value === null ? {} : { note: value };
}
