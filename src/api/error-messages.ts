import { t } from '../shared/i18n.ts';
import { asSentence } from '../shared/sentences.ts';
import { KNOWN_ERROR_CODES, type KnownErrorCode } from './error-codes.ts';

/**
 * Every error code as the buyer reads it: what happened and what to change, in the
 * browser's language (messages `error_<code>_title` and `error_<code>_fix`). Pure: it
 * imports only the zod-free i18n, which gives the English text in Node and unit tests.
 */
export interface Explanation {
  /** What happened, in plain words: one sentence, ending in one full stop. */
  title: string;
  /** What the user can change: one or more sentences. */
  fix: string;
  /** Whether trying the same again later may work. */
  retryable: boolean;
}

/** The codes the client knows, and Buyline's own: an order it could not confirm for a day. */
const EXPLAINED: ReadonlySet<string> = new Set([...KNOWN_ERROR_CODES, 'not_confirmed']);

/** Codes after which trying the same again later may work. */
const RETRYABLE: ReadonlySet<string> = new Set<KnownErrorCode>([
  'account_login_failed',
  'internal_error',
  'request_processing',
  'managed_temporarily_overloaded',
  'attempting_to_cancel',
  'too_many_requests',
]);

// The message keys of a code's texts; a code without both messages does not compile.
const titleKey = (code: KnownErrorCode | 'not_confirmed') => `error_${code}_title` as const;
const fixKey = (code: KnownErrorCode | 'not_confirmed') => `error_${code}_fix` as const;

/**
 * The explanation of a code, its texts in the browser's language. An unknown code is
 * said to be one, with the service's message when it gave one, never named: a code is
 * for support and shows only under "Show raw response". Whether that message ends in a
 * full stop or not, the title ends in exactly one.
 */
export function explainErrorCode(code: string, serviceMessage?: string): Explanation {
  if (EXPLAINED.has(code)) {
    const known = code as KnownErrorCode | 'not_confirmed';
    return { title: t(titleKey(known)), fix: t(fixKey(known)), retryable: RETRYABLE.has(code) };
  }
  const said = serviceMessage?.trim();
  return {
    title: asSentence(said ? t('error_unknown_title_said', said) : t('error_unknown_title')),
    fix: t('error_unknown_fix'),
    retryable: false,
  };
}
