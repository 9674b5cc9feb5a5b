import { beforeEach, describe, expect, it, vi } from 'vitest';

const sendMessage = vi.hoisted(() => vi.fn());
const set = vi.hoisted(() => vi.fn());
vi.mock('../../../src/shared/browser.ts', () => ({
  browser: { runtime: { sendMessage }, storage: { session: { set }, local: { set } } },
}));

import { publishChange } from '../../../src/shared/change-feed.ts';
import { ASK_AGAIN_AFTER_MS, ask, BackgroundError } from '../../../src/shared/messaging.ts';

// A message cut off by the worker stopping is asked again once the worker is back, and
// Chrome's words for it never reach a page; a change announced while the worker shuts
// down is no error.

const CLOSED =
  'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received';
const NO_END = 'Could not establish connection. Receiving end does not exist.';
const answer = { ok: true, data: { set: true } };

let waits: number[];
const pause = async (ms: number) => {
  waits.push(ms);
};
beforeEach(() => {
  waits = [];
  sendMessage.mockReset();
  set.mockReset();
});

describe('asking the background', () => {
  it('asks again a message cut off by a worker stop, and gives the answer', async () => {
    sendMessage
      .mockRejectedValueOnce(new Error(CLOSED))
      .mockRejectedValueOnce(new Error(NO_END))
      .mockResolvedValueOnce(answer);
    await expect(ask('token.status', {}, pause)).resolves.toEqual({ set: true });
    expect(sendMessage).toHaveBeenCalledTimes(3);
    expect(waits).toEqual(ASK_AGAIN_AFTER_MS.slice(0, 2));
  });

  it('stops after a few askings and says so in words, never in the browser’s', async () => {
    sendMessage.mockRejectedValue(new Error(CLOSED));
    const error = await ask('token.status', {}, pause).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(BackgroundError);
    expect((error as BackgroundError).kind).toBe('unreachable');
    expect((error as Error).message).not.toMatch(/listener|channel|Receiving end/);
    expect((error as Error).message).toMatch(/restarting/);
    expect(sendMessage).toHaveBeenCalledTimes(ASK_AGAIN_AFTER_MS.length + 1);
  });

  it('does not ask again after any other failure, nor after an answer that refuses', async () => {
    sendMessage.mockRejectedValueOnce(new Error('Extension context invalidated.'));
    await expect(ask('token.status', {}, pause)).rejects.toThrow('Extension context invalidated.');
    sendMessage.mockResolvedValueOnce({ ok: false, error: { kind: 'invalid', message: 'No.' } });
    await expect(ask('token.status', {}, pause)).rejects.toThrow('No.');
    expect(sendMessage).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([]);
  });
});

describe('announcing a change', () => {
  it('is quiet when the worker is shutting down, and logs any other failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    set.mockRejectedValueOnce(new Error('No SW'));
    await publishChange(['orders'], ['a']);
    expect(logged).not.toHaveBeenCalled();
    set.mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    await publishChange(['orders'], ['a']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
