import { t } from '../../shared/i18n.ts';
import { TextField } from '../../ui/fields.tsx';
import type { SectionProps } from './types.ts';

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
          value={String(item.quantity)}
          problems={[`products.${index}.quantity`, `products.${index}.product_id`]}
          onInput={(value) => {
            const quantity = Number(value);
            onChange({
              ...draft,
              items: draft.items.map((entry, at) =>
                at === index
                  ? { ...entry, quantity: Number.isFinite(quantity) ? quantity : 0 }
                  : entry,
              ),
            });
          }}
        />
      ))}
    </>
  );
}
