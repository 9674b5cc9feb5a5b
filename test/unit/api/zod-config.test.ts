import { describe, expect, it } from 'vitest';
import { describeProblems } from '../../../src/api/problems.ts';
import { z } from '../../../src/api/zod.ts';

describe('the zod every module builds its schemas with', () => {
  it('runs jitless, so no parser is compiled with eval under the extension CSP', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.core.globalConfig.jitless).toBe(true);
  });

  it('words generic checks in plain sentences, each after its field path', () => {
    const schema = z.strictObject({
      name: z.string().check(z.minLength(3)),
      count: z.number().check(z.int(), z.lte(9)),
      whole: z.number().check(z.int()),
      kind: z.enum(['a', 'b']),
      list: z.array(z.string()).check(z.minLength(1)),
    });
    const checked = schema.safeParse({
      name: 'ab',
      count: 10,
      whole: 1.5,
      kind: 'c',
      list: [],
      more: 1,
    });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(describeProblems(checked.error)).toEqual([
      { field: 'name', message: 'name must be at least 3 characters.' },
      { field: 'count', message: 'count must be 9 or less.' },
      { field: 'whole', message: 'whole must be a whole number.' },
      { field: 'kind', message: 'kind must be one of: "a", "b".' },
      { field: 'list', message: 'list must have at least 1 item.' },
      { field: 'more', message: 'more is not a field of this request: remove or correct it.' },
    ]);
  });

  it('says a missing field is required, and what type a wrong one must have', () => {
    const checked = z.strictObject({ a: z.string(), b: z.boolean() }).safeParse({ b: 'yes' });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(describeProblems(checked.error)).toEqual([
      { field: 'a', message: 'a is required: add it.' },
      { field: 'b', message: 'b must be true or false.' },
    ]);
  });
});
