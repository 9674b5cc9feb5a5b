import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
} from '../../api/contract-constants.ts';
import { t } from '../../shared/i18n.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

/** Sending as a gift, with the packing slip's message and its limits counted as it is typed. */
export function GiftSection({ draft, onChange }: SectionProps) {
  return (
    <Section title={`${t('popup_gift')} · ${t(draft.isGift ? 'popup_asGift' : 'popup_notGift')}`}>
      <CheckField
        label={t('popup_sendAsGift')}
        checked={draft.isGift}
        onChange={(isGift) => onChange({ ...draft, isGift })}
        problems={['is_gift']}
      />
      {draft.isGift && (
        <>
          <TextField
            label={t('popup_giftMessage')}
            multiline
            value={draft.giftMessage}
            onInput={(giftMessage) => onChange({ ...draft, giftMessage })}
            problems={['gift_message']}
            hint={t(
              'popup_giftCount',
              draft.giftMessage.length,
              GIFT_MESSAGE_MAX_CHARS,
              countLines(draft.giftMessage),
              GIFT_MESSAGE_MAX_LINES,
            )}
          />
          <CheckField
            label={t('popup_requireGift')}
            checked={draft.requireGift}
            onChange={(requireGift) => onChange({ ...draft, requireGift })}
            problems={['require_gift']}
          />
        </>
      )}
    </Section>
  );
}
