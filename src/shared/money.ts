/** Formats an integer number of cents in a currency, e.g. 1999 USD → "$19.99". */
export function formatCents(cents: number, currency = 'USD', locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    // An unknown currency code must not hide the amount.
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
