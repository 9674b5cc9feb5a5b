import { UserFacingError } from '../pages/user-errors.ts';

/** Thrown when the order's life refuses what the user asked; the sentence says why. */
export class OrderLifeRefusal extends UserFacingError {}
