import { describe, expect, it } from 'vitest';
import { plainly, plainProblem, wordedAt } from '../../../src/ui/problems.tsx';

// The background names a field by its API path; the pages say its label, and say the
// sentences that speak the API's terms in plain words, in one place.

describe('problems in plain words', () => {
  it('says the API’s sentences plainly, naming the field without its unit', () => {
    expect(plainly('Maximum price (USD)', 'must not be negative.')).toBe(
      "Maximum price can't be negative.",
    );
    expect(plainly('Quantity', 'must be a whole number of at least 1.')).toBe(
      'Quantity must be a whole number, 1 or more.',
    );
    expect(
      plainly(
        'Maximum price (USD)',
        'is required for a managed order (addax: true): add the most the order may cost, in cents.',
      ),
    ).toBe('Maximum price is required for an order with a managed account.');
    expect(
      plainly(
        'Payment',
        'is required when ordering with your own account: add it, or set addax: true for managed accounts.',
      ),
    ).toBe('Payment is required for an order with your own account.');
    expect(plainly('Ship to', 'is required: add it.')).toBe('Ship to is required.');
  });

  it('keeps any other sentence, after the label', () => {
    expect(plainly('URL for case updates', 'must be a full http(s) URL.')).toBe(
      'URL for case updates must be a full http(s) URL.',
    );
  });

  it('is what a field shows', () => {
    expect(
      wordedAt(
        { field: 'max_price', message: 'max_price must not be negative.' },
        'max_price',
        'Maximum price (USD)',
      ),
    ).toBe("Maximum price can't be negative.");
  });

  it('names the popup’s fields by path when no control shows the problem', () => {
    expect(
      plainProblem({
        field: 'products.1.quantity',
        message: 'products.1.quantity must be a whole number of at least 1.',
      }),
    ).toBe('Quantity must be a whole number, 1 or more.');
    expect(
      plainProblem({ field: 'shipping_address', message: 'shipping_address is required: add it.' }),
    ).toBe('Ship to is required.');
    // A path it does not know keeps the sentence as it came.
    expect(
      plainProblem({
        field: 'idempotency_key',
        message: 'idempotency_key must be at most 255 characters.',
      }),
    ).toBe('idempotency_key must be at most 255 characters.');
  });
});
