/**
 * Amounts as the storefronts print them: "$1,299.00", "1.299,00 €" (no-break space),
 * "24,99 $" on French amazon.ca, "US $5.99" on AliExpress; and in the parts Amazon
 * splits its prices into.
 */

export function formatMoney(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** AliExpress writes "US $5.99" for dollars, and the locale's form otherwise. */
export function aliExpressMoney(cents: number, currency: string, locale: string): string {
  return currency === 'USD'
    ? `US $${(cents / 100).toFixed(2)}`
    : formatMoney(cents, currency, locale);
}

export interface SplitPrice {
  symbol: string;
  /** The integer part with its group separators: "1,299" or "1.299". */
  whole: string;
  decimal: string;
  fraction: string;
  symbolFirst: boolean;
}

/** The parts of Amazon's `.a-price` spans: symbol, whole, decimal separator, fraction. */
export function splitPrice(cents: number, currency: string, locale: string): SplitPrice {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(
    cents / 100,
  );
  const text = (...types: string[]) =>
    parts
      .filter((part) => types.includes(part.type))
      .map((part) => part.value)
      .join('');
  const symbolAt = parts.findIndex((part) => part.type === 'currency');
  const numberAt = parts.findIndex((part) => part.type === 'integer');
  return {
    symbol: text('currency'),
    whole: text('integer', 'group'),
    decimal: text('decimal'),
    fraction: text('fraction'),
    symbolFirst: symbolAt < numberAt,
  };
}
