import type { z } from './zod.ts';

/** One thing wrong with an input: where it is and what to change. */
export interface FieldProblem {
  /** Dotted path of the field, `products.0.quantity`; empty for the object itself. */
  field: string;
  /** A plain sentence that names the field and says what to change. */
  message: string;
}

/**
 * A message that is already a whole sentence (a capital letter first, a full stop
 * last) names its field itself, as its label does ("State must be …"); anything else is
 * a fragment that follows the field's path.
 */
const SENTENCE = /^[A-Z][\s\S]*[.!?]$/;

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Turns a zod error into one plain sentence per problem, each naming its field. */
export function describeProblems(error: z.core.$ZodError): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    // An unknown field is reported at its parent; name the field itself instead, so
    // that a form can point at it and the message says exactly what to remove.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const field = fieldPath([...issue.path, key]);
        return { field, message: `${field} is not a field of this request: remove or correct it.` };
      });
    }
    const field = fieldPath(issue.path);
    if (SENTENCE.test(issue.message)) return [{ field, message: issue.message }];
    return [{ field, message: `${field === '' ? 'The request' : field} ${issue.message}` }];
  });
}
