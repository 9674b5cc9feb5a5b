import { useState } from 'preact/hooks';
import { RETAILERS, type RetailerCode } from '../api/retailers.ts';
import type { DraftItem } from '../shared/order-form-model.ts';
import { detectProduct } from '../shared/retailer-registry.ts';
import { TextField } from '../ui/fields.tsx';
import { RetailerSelect, storefrontOf } from '../ui/retailer-select.tsx';

/** On a page that is not a product, the product is typed (or its address pasted) by hand. */
export function ManualEntry(props: {
  onStart: (retailer: RetailerCode, items: DraftItem[]) => void;
  onShowOrders: () => void;
}) {
  const [retailer, setRetailer] = useState<RetailerCode>('amazon');
  const [productId, setProductId] = useState('');
  const [error, setError] = useState<string | undefined>();

  function start() {
    const id = productId.trim();
    if (!id)
      return setError('Enter the product id (the ASIN on amazon, the item number elsewhere).');
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
    <div class="notice">
      <p>This page is not a product page of a supported store.</p>
      <RetailerSelect
        label="Retailer"
        value={retailer}
        describe={storefrontOf}
        onChange={setRetailer}
      />
      <TextField
        label="Product id"
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
      <button type="button" onClick={start}>
        Order this product
      </button>
      <button type="button" class="link" onClick={props.onShowOrders}>
        See orders
      </button>
    </div>
  );
}
