import { describe, expect, it } from 'vitest';
import { preselected } from '../../../src/popup/use-order-draft.ts';
import type { VaultLabel } from '../../../src/shared/vault-items.ts';

const NONE = { credentialsId: '', paymentId: '', billingId: '' };
const items: VaultLabel[] = [
  { id: 'amazon-login', kind: 'credentials', label: 'ada on amazon', retailer: 'amazon' },
  { id: 'walmart-login', kind: 'credentials', label: 'ada on walmart', retailer: 'walmart' },
  { id: 'visa', kind: 'payment', label: 'Visa' },
  { id: 'amex', kind: 'payment', label: 'Amex' },
  { id: 'home', kind: 'billing', label: 'Home' },
];

describe('the vault items an own-account order starts with', () => {
  it('are the only ones that fit; a login only for its retailer', () => {
    expect(preselected(NONE, items, 'amazon', {})).toEqual({
      credentialsId: 'amazon-login',
      paymentId: '',
      billingId: 'home',
    });
    expect(preselected(NONE, items, 'costco', {}).credentialsId).toBe('');
  });

  it('are the ones last used at the retailer, while the vault holds them', () => {
    const last = {
      amazon: { credentialsId: 'amazon-login', paymentId: 'amex', billingId: 'gone' },
    };
    expect(preselected(NONE, items, 'amazon', last)).toEqual({
      credentialsId: 'amazon-login',
      paymentId: 'amex',
      billingId: 'home',
    });
    expect(preselected(NONE, items, 'walmart', last).paymentId).toBe('');
  });

  it('never replace what the buyer chose', () => {
    expect(preselected({ ...NONE, paymentId: 'visa' }, items, 'amazon', {}).paymentId).toBe('visa');
  });
});
