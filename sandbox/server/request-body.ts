import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { type ErrorBody, errorBody } from './error-body.ts';

/**
 * A request header as Node already parsed it, so that no Headers object is built per
 * request (Hono's reading where there is no Node request behind it).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const raw = (c.env as Partial<HttpBindings> | undefined)?.incoming?.headers[name];
  return typeof raw === 'string' ? raw : c.req.header(name);
}

export type BodyRead =
  | { ok: true; value: Record<string, unknown> | undefined }
  | { ok: false; status: 400 | 415; body: ErrorBody };

/**
 * Reads a POST body: empty is `undefined` (allowed where no body is needed), anything
 * else must be a JSON object sent as `application/json`.
 */
export async function readBody(c: Context): Promise<BodyRead> {
  const text = await c.req.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  const type = requestHeader(c, 'content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return {
      ok: false,
      status: 415,
      body: errorBody(
        'invalid_request',
        'Send the body as JSON with the header Content-Type: application/json.',
        {
          data: { field: 'Content-Type' },
        },
      ),
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unreadable';
    return {
      ok: false,
      status: 400,
      body: errorBody(
        'invalid_json',
        `The body is not valid JSON (${detail}). Fix the JSON and send it again.`,
      ),
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      ok: false,
      status: 400,
      body: errorBody('invalid_request', 'The body must be a JSON object.', {
        data: { field: '' },
        request: value,
      }),
    };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
