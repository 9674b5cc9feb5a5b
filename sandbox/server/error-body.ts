import type { FieldProblem } from '../../src/api/problems.ts';

export interface ErrorBody {
  _type: 'error';
  code: string;
  message: string;
  data: Record<string, unknown>;
  request?: unknown;
  [extra: string]: unknown;
}

/** The spec's error shape: `data.msg` always, plus the field when one is to blame. */
export function errorBody(
  code: string,
  message: string,
  extra: { data?: Record<string, unknown>; request?: unknown } = {},
): ErrorBody {
  return {
    _type: 'error',
    code,
    message,
    data: { msg: message, ...extra.data },
    ...(extra.request !== undefined ? { request: extra.request } : {}),
  };
}

/** A 400 invalid_request naming the first problem's field, with all problems listed. */
export function invalidRequest(problems: FieldProblem[], request: unknown): ErrorBody {
  const first = problems[0] ?? { field: '', message: 'The request is not valid.' };
  return errorBody('invalid_request', first.message, {
    data: { field: first.field, problems },
    request,
  });
}
