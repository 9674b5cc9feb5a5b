/**
 * Thrown when what a page asked about is not (any more) in Buyline: an order gone from
 * the history, a batch gone from the bulk store. The reply's kind is `not_found`
 * (error-reply.ts), so a page can drop what it shows instead of reading the sentence.
 */
import { t } from '../shared/i18n.ts';

export class NotFoundError extends Error {
  readonly userMessage: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
    this.userMessage = message;
  }
}

/** An order the history no longer has (cleared, or undone while held). */
export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super(t('bg_orderNotInHistory'));
  }
}
