import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STOREFRONT_HOST_PATTERNS } from '../../src/shared/storefront-hosts.ts';

const read = (dist: string) => JSON.parse(readFileSync(`${dist}/manifest.json`, 'utf8'));

describe('the shipped manifest', () => {
  const manifest = read('dist');

  it('asks for exactly the permissions the product needs', () => {
    expect([...manifest.permissions].sort()).toEqual([
      'activeTab',
      'alarms',
      'notifications',
      'scripting',
      'storage',
    ]);
  });

  it('reaches only the local sandbox without asking, and a chosen origin when asked', () => {
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('keeps storefront pages behind activeTab: no storefront host permission', () => {
    for (const pattern of STOREFRONT_HOST_PATTERNS)
      expect(manifest.host_permissions).not.toContain(pattern);
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
  });

  it('has a strict CSP without eval', () => {
    const csp: string = manifest.content_security_policy.extension_pages;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
  });

  it('opens the popup from a keyboard shortcut', () => {
    expect(manifest.commands._execute_action.suggested_key.default).toBe('Alt+Shift+B');
  });

  it('is MV3 with a module service worker and an icon', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.background.type).toBe('module');
    expect(manifest.icons['128']).toBe('icons/icon-128.png');
  });
});

describe('the test build', () => {
  it('adds storefront host access, which the shipped build does not have', () => {
    const manifest = read('dist-test');
    for (const pattern of STOREFRONT_HOST_PATTERNS)
      expect(manifest.host_permissions).toContain(pattern);
  });
});
