import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../../src/background/clock.ts';

const START = Date.UTC(2026, 2, 2, 12, 0, 0);

afterEach(() => {
  vi.useRealTimers();
});

describe('the background’s clock', () => {
  it('reads the time of the clock installed when asked, not when it was imported', () => {
    vi.useFakeTimers({ now: START });
    expect(clock.now()).toBe(START);
    vi.setSystemTime(START + 90_000);
    expect(clock.now()).toBe(START + 90_000);
  });

  it('fires a timer when the clock passes its moment, and not before', async () => {
    vi.useFakeTimers({ now: START });
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 2_000);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([START + 2_000]);
  });

  it('stops a timer cleared before its moment', async () => {
    vi.useFakeTimers({ now: START });
    const fired: string[] = [];
    const cleared = clock.setTimeout(() => fired.push('cleared'), 1_000);
    clock.setTimeout(() => fired.push('kept'), 1_000);
    clock.clearTimeout(cleared);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fired).toEqual(['kept']);
  });

  it('takes no timer at all to clear', () => {
    expect(() => clock.clearTimeout(undefined)).not.toThrow();
  });
});
