import { t } from '../../shared/i18n.ts';
import type { DraftItem } from '../../shared/order-form-model.ts';
import { TextField } from '../../ui/fields.tsx';
import type { SectionProps } from './types.ts';

/**
 * The item with the field's text: a whole number is the quantity; any other text
 * ("1.5", "abc") is kept as the buyer typed it, never turned into a number.
 */
function withQuantity(item: DraftItem, text: string): DraftItem {
  const { quantityText: _, ...rest } = item;
  return /^\s*\d+\s*$/.test(text)
    ? { ...rest, quantity: Number(text) }
    : { ...rest, quantityText: text };
}

/** How many of each product; a change moves the suggested maximum price with it. */
export function Quantities({ draft, onChange }: SectionProps) {
  return (
    <>
      {draft.items.map((item, index) => (
        <TextField
          key={item.productId}
          label={
            draft.items.length === 1
              ? t('popup_quantity')
              : t('popup_quantityOf', item.title ?? item.productId)
          }
          inputMode="numeric"
          value={item.quantityText ?? String(item.quantity)}
          problems={[`products.${index}.quantity`, `products.${index}.product_id`]}
          onInput={(value) =>
            onChange({
              ...draft,
              items: draft.items.map((entry, at) =>
                at === index ? withQuantity(entry, value) : entry,
              ),
            })
          }
        />
      ))}
    </>
  );
}
