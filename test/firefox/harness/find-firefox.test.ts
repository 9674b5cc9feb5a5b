import { afterEach, describe, expect, it } from 'vitest';
import { findFirefox } from './index.ts';

// A machine without Firefox must fail the Firefox tests with the fix, not skip them.

const saved = process.env.FIREFOX_PATH;

afterEach(() => {
  if (saved === undefined) delete process.env.FIREFOX_PATH;
  else process.env.FIREFOX_PATH = saved;
});

describe('findFirefox', () => {
  it('says how to install Firefox ESR when it is missing', () => {
    process.env.FIREFOX_PATH = '/nonexistent/firefox';
    expect(() => findFirefox()).toThrow(/\/nonexistent\/firefox.*apt-get install -y firefox-esr/);
  });

  it('uses FIREFOX_PATH when it names a file', () => {
    process.env.FIREFOX_PATH = process.execPath;
    expect(findFirefox()).toBe(process.execPath);
  });
});
