/**
 * Sentences joined the one way, so a text that already ends in a full stop (a service's
 * message) never gains a second one ("failed.."). Zod-free, for pages and Node too.
 */

/** Marks that end a sentence in the languages Buyline may be read in. */
const FINAL_MARK = /[.!?…。！？]$/u;
/** A run of full stops at the end, with or without spaces between them. */
const TRAILING_STOPS = /(?:\s*\.)+$/u;

/** The text as one sentence: trimmed, ending in exactly one final mark. Empty stays empty. */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(TRAILING_STOPS, '.');
  if (trimmed === '') return '';
  return FINAL_MARK.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The text without its final full stops, to sit inside another sentence or a title. */
export function withoutFinalStop(text: string): string {
  return text.trim().replace(TRAILING_STOPS, '').trim();
}

/** Sentences one after another, each ending in one final mark; empty parts are left out. */
export function joinSentences(...parts: readonly (string | undefined)[]): string {
  return parts
    .map((part) => asSentence(part ?? ''))
    .filter((sentence) => sentence !== '')
    .join(' ');
}
