/**
 * A rough strength hint for a new vault passphrase. It estimates how many guesses an
 * attacker would need (character pool and length, or a count of words), minus the
 * obvious patterns, and says in plain words how to do better. It is a hint, not a
 * rule: only the 10-character minimum is enforced.
 */
import { t } from '../shared/i18n.ts';

export const MIN_PASSPHRASE_LENGTH = 10;

const COMMON = [
  'password',
  'passphrase',
  'qwerty',
  'azerty',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'monkey',
  'dragon',
  'buyline',
  'amazon',
  'walmart',
];

/** Bits of a random choice of `length` characters from the pools the text uses. */
function characterBits(text: string): number {
  let pool = 0;
  if (/[a-z]/.test(text)) pool += 26;
  if (/[A-Z]/.test(text)) pool += 26;
  if (/\d/.test(text)) pool += 10;
  if (/[^a-zA-Z\d]/.test(text)) pool += 33;
  return text.length * Math.log2(Math.max(pool, 2));
}

/** Characters that add little: repeats (aaaa) and runs (1234, abcd). */
function predictableCount(text: string): number {
  let count = 0;
  for (let i = 1; i < text.length; i++) {
    const step = text.charCodeAt(i) - text.charCodeAt(i - 1);
    if (step === 0 || step === 1 || step === -1) count += 1;
  }
  return count;
}

export function passphraseStrength(text: string): {
  level: 'too short' | 'weak' | 'fair' | 'strong';
  hint: string;
} {
  if (text.length < MIN_PASSPHRASE_LENGTH)
    return { level: 'too short', hint: t('options_strengthTooShort', MIN_PASSPHRASE_LENGTH) };
  const lower = text.toLowerCase();
  const words = text.split(/[\s\-_.,]+/).filter((word) => word.length >= 3);
  const perCharacter = characterBits(text) / text.length;
  let bits = (text.length - predictableCount(text) / 2) * perCharacter;
  // A passphrase of words is guessed word by word, from a list of some 8,000 words.
  if (words.length >= 3) bits = Math.min(bits, words.length * 13 + 10);
  if (COMMON.some((word) => lower.includes(word))) bits -= 20;
  if (bits < 50) return { level: 'weak', hint: t('options_strengthWeak') };
  if (bits < 70) return { level: 'fair', hint: t('options_strengthFair') };
  return { level: 'strong', hint: t('options_strengthStrong') };
}
