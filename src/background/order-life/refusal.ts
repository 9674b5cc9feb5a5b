/** Thrown when the order's life refuses what the user asked; the sentence says why. */
export class OrderLifeRefusal extends Error {
  readonly userMessage: string;
  constructor(message: string) {
    super(message);
    this.name = 'OrderLifeRefusal';
    this.userMessage = message;
  }
}
