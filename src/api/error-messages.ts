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

/** Codes of Buyline's own, not the service's: an order it could not confirm for a day. */
export const OWN_ERROR_CODES = ['not_confirmed'] as const;
type ExplainedCode = KnownErrorCode | (typeof OWN_ERROR_CODES)[number];

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
const titleKey = (code: ExplainedCode) => `error_${code}_title` as const;
const fixKey = (code: ExplainedCode) => `error_${code}_fix` as const;

/** A code's explanation, its texts read in the browser's language when asked for. */
function explanation(code: ExplainedCode): Explanation {
  return {
    get title() {
      return t(titleKey(code));
    },
    get fix() {
      return t(fixKey(code));
    },
    retryable: RETRYABLE.has(code),
  };
}

/** Every published code (and our own additions to that list), as a plain sentence and the fix. */
export const EXPLANATIONS: Record<KnownErrorCode, Explanation> = Object.fromEntries(
  KNOWN_ERROR_CODES.map((code) => [code, explanation(code)]),
) as Record<KnownErrorCode, Explanation>;

const OWN: Record<string, Explanation | undefined> = Object.fromEntries(
  OWN_ERROR_CODES.map((code) => [code, explanation(code)]),
);

/**
 * The explanation of a code, as a plain object. An unknown code is said to be one, with
 * the service's message when it gave one, never named: a code is for support and shows
 * only under "Show raw response". Whether that message ends in a full stop or not, the
 * title ends in exactly one.
 */
export function explainErrorCode(code: string, serviceMessage?: string): Explanation {
  // Own keys only: a code such as `constructor` is not an explanation.
  const known = Object.hasOwn(EXPLANATIONS, code)
    ? (EXPLANATIONS as Record<string, Explanation>)[code]
    : Object.hasOwn(OWN, code)
      ? OWN[code]
      : undefined;
  if (known) return { title: known.title, fix: known.fix, retryable: known.retryable };
  const said = serviceMessage?.trim();
  return {
    title: asSentence(said ? t('error_unknown_title_said', said) : t('error_unknown_title')),
    fix: t('error_unknown_fix'),
    retryable: false,
  };
}
