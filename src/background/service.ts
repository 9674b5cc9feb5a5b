import { createServiceClient, type ServiceClient } from '../api/client.ts';
import { readSettings } from './settings-store.ts';
import { readToken } from './token-store.ts';

/** Raised when a call needs the service but no token is set. */
export class NoTokenError extends Error {
  readonly userMessage = 'No service token is set: add it in Options.';
  constructor() {
    super('No service token is set: add it in Options.');
    this.name = 'NoTokenError';
  }
}

/** A client for the service as the settings describe it, with the stored token. */
export async function serviceClient(): Promise<ServiceClient> {
  const [settings, token] = await Promise.all([readSettings(), readToken()]);
  if (!token) throw new NoTokenError();
  return createServiceClient({
    baseUrl: settings.serviceUrl,
    token,
    timeoutMs: settings.requestTimeoutSeconds * 1000,
    sendIdempotencyKeys: settings.sendIdempotencyKeys,
  });
}
