/**
 * Integer money math. Amounts are whole cents; percentages may carry up to three
 * decimals (6.875% sales tax). Multiplying by a binary float such as 0.0725 can land a
 * hair under .5 and round the wrong way, so every product is computed exactly in
 * integers and rounded half up once, at the end.
 */

const THOUSANDTHS = 1000n;
const WHOLE = 100n * THOUSANDTHS;

/** `percent` % of a non-negative whole number of cents, rounded half up. */
export function percentOf(cents: number, percent: number): number {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`not cents: ${cents}`);
  const scaled = BigInt(Math.round(percent * 1000));
  if (scaled < 0n) throw new RangeError(`negative percent: ${percent}`);
  const product = BigInt(cents) * scaled;
  return Number((2n * product + WHOLE) / (2n * WHOLE));
}

/** Cents in the storefront's usual way of writing them, for messages: "19.99 USD". */
export function formatCents(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}
