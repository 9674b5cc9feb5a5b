/**
 * Every user-facing sentence through the browser's i18n (`_locales/<lang>/messages.json`).
 * Where the browser's i18n is missing (unit tests, Node scripts such as the sandbox) `t`
 * gives the English text from the same file, substituted the same way. Zod-free.
 */
import { ENGLISH, type EnglishMessage } from './i18n-english.ts';

/** Every key of messages.json: a key that is not in the file does not compile. */
export type MessageKey = keyof typeof import('../../public/_locales/en/messages.json');
export type Substitution = string | number;

type I18nApi = { getMessage(name: string, substitutions?: string | string[]): string };

/**
 * The browser's i18n, read from the global rather than through shared/browser.ts, since
 * this module must also load in Node (the sandbox checks addresses with the same sentences).
 */
function platformI18n(): I18nApi | undefined {
  const scope = globalThis as { browser?: { i18n?: I18nApi }; chrome?: { i18n?: I18nApi } };
  const api = scope.browser?.i18n ?? scope.chrome?.i18n;
  return typeof api?.getMessage === 'function' ? api : undefined;
}

/**
 * A message with its substitutions, by the browser's rules: `$NAME$` stands for its
 * placeholder's content, `$1`..`$9` for the substitutions, `$$` for a dollar sign.
 */
export function substitute(entry: EnglishMessage, substitutions: readonly string[]): string {
  const placeholders = entry.placeholders ?? {};
  const named = entry.message.replace(
    /\$([A-Za-z0-9_@]+)\$/g,
    (whole, name: string) => placeholders[name.toLowerCase()]?.content ?? whole,
  );
  return named.replace(/\$(\$|[1-9])/g, (_whole, which: string) =>
    which === '$' ? '$' : (substitutions[Number(which) - 1] ?? ''),
  );
}

/** The message `key` in the browser's language, with up to nine substitutions. */
export function t(key: MessageKey, ...substitutions: Substitution[]): string {
  const texts = substitutions.map(String);
  const api = platformI18n();
  if (api) {
    try {
      const text = api.getMessage(key, texts);
      if (text) return text;
    } catch {
      // A context without i18n (a worker being torn down) falls back to English.
    }
  }
  const english = ENGLISH[key];
  return english ? substitute(english, texts) : key;
}
