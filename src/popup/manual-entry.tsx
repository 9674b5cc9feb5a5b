import { useState } from 'preact/hooks';
import { RETAILERS, type RetailerCode } from '../api/retailers.ts';
import { t } from '../shared/i18n.ts';
import type { DraftItem } from '../shared/order-form-model.ts';
import { detectProduct } from '../shared/retailer-registry.ts';
import { TextField } from '../ui/fields.tsx';
import { RetailerSelect } from '../ui/retailer-select.tsx';
import { button } from './button.tsx';

/** On a page that is not a product, the product is typed (or its address pasted) by hand. */
export function ManualEntry(props: {
  onStart: (retailer: RetailerCode, items: DraftItem[]) => void;
  onShowOrders: () => void;
}) {
  const [retailer, setRetailer] = useState<RetailerCode>('amazon');
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | undefined>();

  function start(event: Event) {
    event.preventDefault();
    const id = productId.trim();
    if (!id) return setError(t('popup_enterProductId'));
    const info = RETAILERS[retailer];
    props.onStart(retailer, [
      {
        productId: info.marketplace ? id.toUpperCase() : id,
        quantity: 1,
        currency: info.currency,
      },
    ]);
  }

  return (
    // Enter in the product id starts the order, as the button does.
    <form class="notice" onSubmit={start}>
      <p>{t('popup_notAProduct')}</p>
      <RetailerSelect label={t('popup_retailer')} value={retailer} onChange={setRetailer} />
      <TextField
        label={t('popup_productId')}
        value={productId}
        onInput={(value) => {
          // A pasted product address gives its retailer and id.
          const detected = detectProduct(value);
          if (detected) setRetailer(detected.retailer);
          setProductId(detected?.productId ?? value);
          setError(undefined);
        }}
        error={error}
      />
      <button type="submit">{t('popup_orderThis')}</button>
      {button(t('popup_seeOrders'), props.onShowOrders, 'link')}
    </form>
  );
}
