/**
 * Errors that carry the sentence to show the user (`userMessage`) and the kind of their
 * reply (router.ts), so a page can react without reading the sentence: `invalid` for what
 * cannot be done (with `problems` for invalid input), `not_found` for what is no longer in
 * Buyline (an order gone from the history, a batch gone), which pages drop.
 */
import type { FieldProblem } from '../../api/problems.ts';
import { t } from '../../shared/i18n.ts';
import type { ErrorKind } from '../../shared/protocol.ts';

export class UserFacingError extends Error {
  readonly userMessage: string;
  constructor(
    message: string,
    readonly kind: ErrorKind = 'invalid',
    /** Which fields of the input are wrong, and why. */
    readonly problems?: FieldProblem[],
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
