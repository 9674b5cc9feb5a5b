import { describe, expect, it } from 'vitest';
import { parsePrice, priceOfAmount } from '../../../src/page-readers/kit/price-text.ts';

const NBSP = '\u00a0';
const THIN = '\u2009';
const NARROW = '\u202f';

// [storefront, storefront currency, text as the page shows it, minor units, currency]
const prices: [string, string, string, number, string][] = [
  ['amazon.com', 'USD', '$18.99', 1899, 'USD'],
  ['amazon.com', 'USD', '$1,299.00', 129_900, 'USD'],
  ['amazon.com', 'USD', '$0.47', 47, 'USD'],
  ['amazon.com', 'USD', '  $18.99  ', 1899, 'USD'],
  ['amazon.co.uk', 'GBP', '£34.99', 3499, 'GBP'],
  ['amazon.co.uk', 'GBP', '£1,049.00', 104_900, 'GBP'],
  ['amazon.ca', 'CAD', '$24.99', 2499, 'CAD'],
  ['amazon.ca', 'CAD', 'CDN$ 24.99', 2499, 'CAD'],
  ['amazon.ca (fr)', 'CAD', `24,99${NBSP}$`, 2499, 'CAD'],
  ['amazon.ca (fr)', 'CAD', `1${NBSP}299,99${NBSP}$`, 129_999, 'CAD'],
  ['amazon.ca (fr)', 'CAD', `1${NARROW}299,99${NARROW}$`, 129_999, 'CAD'],
  ['amazon.de', 'EUR', `1.299,00${NBSP}€`, 129_900, 'EUR'],
  ['amazon.de', 'EUR', '24,99 €', 2499, 'EUR'],
  ['amazon.de', 'EUR', '24,99€', 2499, 'EUR'],
  ['amazon.de', 'EUR', `1${THIN}299,00 €`, 129_900, 'EUR'],
  ['amazon.de', 'EUR', 'EUR 24,99', 2499, 'EUR'],
  ['amazon.com.mx', 'MXN', '$1,299.00', 129_900, 'MXN'],
  ['amazon.com.mx', 'MXN', '$599.00', 59_900, 'MXN'],
  ['amazon.com.mx', 'MXN', 'MX$1,299.00', 129_900, 'MXN'],
  ['walmart.com', 'USD', '$24.88', 2488, 'USD'],
  ['costco.com', 'USD', '$1,299.99', 129_999, 'USD'],
  ['homedepot.com', 'USD', '$179.00', 17_900, 'USD'],
  ['aliexpress.com', 'USD', 'US $5.99', 599, 'USD'],
  ['aliexpress.com', 'USD', 'US$5.99', 599, 'USD'],
  ['pt.aliexpress.com', 'BRL', `R$${NBSP}1.234,56`, 123_456, 'BRL'],
  ['pt.aliexpress.com', 'BRL', 'R$ 34,56', 3456, 'BRL'],
  ['pt.aliexpress.com', 'BRL', '34,56', 3456, 'BRL'],
  ['fr.aliexpress.com', 'EUR', `1${NARROW}234,50${NBSP}€`, 123_450, 'EUR'],
  ['es.aliexpress.com', 'EUR', '5,99 €', 599, 'EUR'],
  ['pl.aliexpress.com', 'PLN', '24,99 zł', 2499, 'PLN'],
  ['ja.aliexpress.com', 'JPY', '¥1,299', 1299, 'JPY'],
  ['ko.aliexpress.com', 'KRW', '₩12,900', 12_900, 'KRW'],
  ['an amount in another currency', 'USD', 'EUR 23.45', 2345, 'EUR'],
  ['a bare "$" outside dollar storefronts', 'EUR', '$5.00', 500, 'USD'],
  ['a lone number', 'USD', '5', 500, 'USD'],
  ['one decimal', 'EUR', '24,5 €', 2450, 'EUR'],
  ['Swiss grouping', 'CHF', "CHF 1'299.00", 129_900, 'CHF'],
];

describe('price text', () => {
  it.each(prices)('on %s (%s), %j is %i %s', (_, storefront, text, amount, currency) => {
    expect(parsePrice(text, storefront)).toEqual({ amount, currency });
  });

  it.each([
    ['a range', '$12.99 - $15.99'],
    ['a range with an en dash', '5,99 € – 8,99 €'],
    ['a range of numbers', 'US $5.99 - 8.99'],
    ['a unit price', '($0.47 / Ounce)'],
    ['a unit price without brackets', '$1.24/ea'],
    ['words around the price', 'from $12.99'],
    ['a savings text', '$18.99 with 24 percent savings'],
    ['a placeholder', '--'],
    ['a dash placeholder after the sign', '$--'],
    ['a percentage', '-24%'],
    ['two prices run together', '$18.99$18.99'],
    ['a zero price', '$0.00'],
    ['an unknown sign', '¤ 12.00'],
    ['thousands groups of the wrong size', '$1,29.00'],
    ['two decimal separators', '1.234.56'],
    ['an ambiguous yen on a dollar storefront', '¥1,299'],
    ['no text', ''],
  ])('gives no single price for %s: %j', (_, text) => {
    expect(parsePrice(text, 'USD')).toBeUndefined();
  });

  it('gives no price for what is not text', () => {
    expect(parsePrice(undefined, 'USD')).toBeUndefined();
  });
});

describe('amounts from data', () => {
  it.each([
    [24.88, 'USD', 2488, 'USD'],
    [18.99, undefined, 1899, 'CAD'],
    ['179.00', 'usd', 17_900, 'USD'],
    ['1299', 'MXN', 129_900, 'MXN'],
    ['1,299.00', 'USD', 129_900, 'USD'],
    [0.1 + 0.2, 'USD', 30, 'USD'],
    [1299, 'JPY', 1299, 'JPY'],
  ])('%j %s is %i %s', (amount, currency, minor, code) => {
    expect(priceOfAmount(amount, currency, 'CAD')).toEqual({ amount: minor, currency: code });
  });

  it.each([[0], [-5], [Number.NaN], [null], ['free'], [{}]])('%j is no price', (amount) => {
    expect(priceOfAmount(amount, 'USD', 'USD')).toBeUndefined();
  });
});
