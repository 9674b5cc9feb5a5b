/**
 * Errors that carry the sentence to show the user (`userMessage`, also the message) and
 * the kind of their reply (router.ts), so a page can react without reading the sentence:
 * `invalid` for what cannot be done (an order's life refuses it), `not_found` for what is
 * no longer in Buyline (an order gone from the history, a batch gone), which pages drop.
 */
import { t } from '../shared/i18n.ts';
import type { ErrorKind } from '../shared/protocol.ts';

export class UserFacingError extends Error {
  readonly userMessage: string;
  constructor(
    message: string,
    readonly kind: ErrorKind = 'invalid',
  ) {
    super(message);
    this.name = new.target.name;
    this.userMessage = message;
  }
}

export class NotFoundError extends UserFacingError {
  constructor(message: string) {
    super(message, 'not_found');
  }
}

/** An order the history no longer has (cleared, or undone while held). */
export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super(t('bg_orderNotInHistory'));
  }
}
