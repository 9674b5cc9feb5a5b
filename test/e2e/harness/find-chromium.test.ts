import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from './index.ts';

// A machine without Chromium must fail the end-to-end tests with the fix, not skip them.

const saved = process.env.CHROMIUM_PATH;

afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe('findChromium', () => {
  it('says how to install Chromium when it is missing', () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    expect(() => findChromium()).toThrow(/\/nonexistent\/chromium.*apt-get install -y chromium/);
  });

  it('uses CHROMIUM_PATH when it names a file', () => {
    process.env.CHROMIUM_PATH = process.execPath;
    expect(findChromium()).toBe(process.execPath);
  });
});
