import { z } from 'zod/mini';

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/**
 * Plain-sentence messages for zod's generic checks. Field-specific rules carry their
 * own messages; this covers the rest, so that every problem reads as what to change.
 * The field path is added by `describeProblems`.
 */
const plainMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required: add it.';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? 'must not be empty.' : `must be at least ${min} characters.`;
      if (issue.origin === 'array') return `must have at least ${min} item${min === 1 ? '' : 's'}.`;
      return issue.inclusive === false ? `must be more than ${min}.` : `must be ${min} or more.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters.`;
      if (issue.origin === 'array') return `must have at most ${max} items.`;
      return issue.inclusive === false ? `must be less than ${max}.` : `must be ${max} or less.`;
    }
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}: remove or correct ${issue.keys.length === 1 ? 'it' : 'them'}.`;
    case 'invalid_format':
      return issue.format === 'url'
        ? 'must be a full http(s) URL.'
        : `must be a valid ${issue.format}.`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
};

// The extension's CSP forbids eval, and zod 4 probes `new Function` to decide whether it
// may compile fast parsers: jitless, set before any schema is built, stops the probe, so
// every module builds its schemas with this `z` (zod/mini, so the bundle holds only the
// checks our schemas use).
z.config({ jitless: true, customError: plainMessages });

export { z };
