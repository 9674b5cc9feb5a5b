import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
} from '../../api/contract-constants.ts';
import { CheckField, TextField } from '../../ui/fields.tsx';
import { Section } from '../../ui/section.tsx';
import type { SectionProps } from './types.ts';

/** Sending as a gift, with the packing slip's message and its limits counted as it is typed. */
export function GiftSection({ draft, onChange }: SectionProps) {
  return (
    <Section title="Gift">
      <CheckField
        label="Send as a gift"
        checked={draft.isGift}
        onChange={(isGift) => onChange({ ...draft, isGift })}
        problems={['is_gift']}
      />
      {draft.isGift && (
        <>
          <TextField
            label="Gift message"
            multiline
            value={draft.giftMessage}
            onInput={(giftMessage) => onChange({ ...draft, giftMessage })}
            problems={['gift_message']}
            hint={`${draft.giftMessage.length}/${GIFT_MESSAGE_MAX_CHARS} characters, ${countLines(draft.giftMessage)}/${GIFT_MESSAGE_MAX_LINES} lines`}
          />
          <CheckField
            label="Fail if an item cannot be sent as a gift"
            checked={draft.requireGift}
            onChange={(requireGift) => onChange({ ...draft, requireGift })}
            problems={['require_gift']}
          />
        </>
      )}
    </Section>
  );
}
