import { t } from '../shared/i18n.ts';

/** Says which parts of the service's answer could not be read, so nothing is silently missing. */
export function UnreadableNote({ parts }: { parts: readonly string[] }) {
  if (parts.length === 0) return null;
  return <p class="hint unreadable">{t('popup_unreadable', parts.join(', '))}</p>;
}
