/**
 * Errors that carry the sentence to show the user (`userMessage`, which is also the
 * message), and those among them about something a page asked for that is not (any
 * more) in Buyline: an order gone from the history, a batch gone from the bulk store.
 * A not-found reply's kind is `not_found` (router.ts, `errorReply`), so a page can drop
 * what it shows instead of reading the sentence.
 */
import { t } from '../shared/i18n.ts';

export class UserFacingError extends Error {
  readonly userMessage: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
    this.userMessage = message;
  }
}

export class NotFoundError extends UserFacingError {}

/** An order the history no longer has (cleared, or undone while held). */
export class OrderNotFoundError extends NotFoundError {
  constructor() {
    super(t('bg_orderNotInHistory'));
  }
}
