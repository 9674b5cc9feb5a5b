import { existsSync, readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { STOREFRONT_HOST_PATTERNS } from '../../src/shared/storefront-hosts.ts';

// What the built extension asks the user for: the shipped build asks for little, and
// only the test build reaches storefront pages without a click on the toolbar.

const BUILD_COMMANDS = {
  dist: 'npm run build',
  'dist-test': 'npm run build:test',
  'dist-firefox': 'npm run build:firefox',
};

function read(dist: keyof typeof BUILD_COMMANDS): any {
  const path = `${dist}/manifest.json`;
  if (!existsSync(path)) {
    const command = BUILD_COMMANDS[dist];
    throw new Error(`${path} is missing: run "${command}" first (npm test builds them all).`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

const LOCAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*'];

describe('the shipped manifest', () => {
  const manifest = read('dist');

  it('asks for exactly storage, alarms, notifications, activeTab, scripting and sidePanel', () => {
    expect([...manifest.permissions].sort()).toEqual([
      'activeTab',
      'alarms',
      'notifications',
      'scripting',
      'sidePanel',
      'storage',
    ]);
  });

  it('reaches only the local sandbox without asking, and any origin the user grants', () => {
    expect(manifest.host_permissions).toEqual(LOCAL_HOSTS);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('keeps storefront pages behind activeTab: no storefront host permission, no content script', () => {
    for (const pattern of STOREFRONT_HOST_PATTERNS)
      expect(manifest.host_permissions).not.toContain(pattern);
    expect(manifest.content_scripts).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
  });

  it("has a CSP with script-src 'self' and no eval or inline script", () => {
    const csp: string = manifest.content_security_policy.extension_pages;
    expect(csp.split(';').map((directive) => directive.trim())).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('unsafe-inline');
  });

  it('opens the popup from a keyboard shortcut, and the side panel from another', () => {
    expect(manifest.commands._execute_action.suggested_key.default).toBe('Alt+Shift+B');
    expect(manifest.commands['open-panel'].suggested_key.default).toBe('Alt+Shift+L');
    expect(manifest.side_panel).toEqual({ default_path: 'src/panel/index.html' });
  });

  it('is MV3 with a service worker of one classic script, the popup, the options page and an icon', () => {
    expect(manifest.manifest_version).toBe(3);
    // A classic worker starts sooner than a module one (scripts/classic-worker.ts).
    expect(manifest.background).toEqual({ service_worker: 'background.js' });
    // One script a browser can run as a classic one: no import or export statement.
    expect(() => new Script(readFileSync('dist/background.js', 'utf8'))).not.toThrow();
  });

  it('starts the popup’s first reads from a classic script its page loads with async', () => {
    const page = readFileSync('dist/src/popup/index.html', 'utf8');
    expect(page).toContain('<script async src="/popup-reads.js"></script>');
    expect(() => new Script(readFileSync('dist/popup-reads.js', 'utf8'))).not.toThrow();
  });

  it('puts the shared stylesheet in the popup’s page, which then waits for no stylesheet', () => {
    const page = readFileSync('dist/src/popup/index.html', 'utf8');
    expect(page).not.toContain('rel="stylesheet"');
    // The options page still links the same file, whose rules are now in the popup too.
    const options = readFileSync('dist/src/options/index.html', 'utf8');
    const linked = [...options.matchAll(/rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map((match) =>
      readFileSync(`dist/${match[1]}`, 'utf8'),
    );
    expect(linked.some((css) => css.length > 1_000 && page.includes(css))).toBe(true);
    expect(manifest.action.default_popup).toBe('src/popup/index.html');
    expect(manifest.options_ui.page).toBe('src/options/index.html');
    expect(manifest.icons['128']).toBe('icons/icon-128.png');
  });
});

describe('the test build', () => {
  it('adds storefront host access and nothing else', () => {
    const shipped = read('dist');
    const test = read('dist-test');
    expect(test.host_permissions).toEqual([...LOCAL_HOSTS, ...STOREFRONT_HOST_PATTERNS]);
    expect({ ...test, host_permissions: shipped.host_permissions }).toEqual(shipped);
  });
});

describe('the Firefox build', () => {
  const chrome = read('dist');
  const firefox = read('dist-firefox');

  it('differs from the Chrome build only where Firefox needs it to', () => {
    // Firefox refuses a service worker: the same script runs as an event page.
    expect(firefox.background).toEqual({ scripts: ['background.js'] });
    const {
      background: _b,
      browser_specific_settings: _s,
      sidebar_action,
      permissions: firefoxPermissions,
      commands: firefoxCommands,
      ...sharedFirefox
    } = firefox;
    const {
      background: _c,
      minimum_chrome_version,
      side_panel,
      permissions,
      commands: { 'open-panel': panelCommand, ...commands },
      ...sharedChrome
    } = chrome;
    expect(minimum_chrome_version).toBe('116');
    expect(sharedFirefox).toEqual(sharedChrome);
    // Chrome's side panel is Firefox's sidebar: the same page, opened by the same keys.
    expect(sidebar_action.default_panel).toBe(side_panel.default_path);
    expect(firefoxPermissions).toEqual(
      permissions.filter((permission: string) => permission !== 'sidePanel'),
    );
    expect(firefoxCommands).toEqual({ ...commands, _execute_sidebar_action: panelCommand });
  });

  it('has the add-on id chosen once, Firefox 140 at least, and declares the data it sends', () => {
    expect(firefox.browser_specific_settings).toEqual({
      gecko: {
        // Never change it: addons.mozilla.org and every installed copy know Buyline by it.
        id: 'buyline@buyline.dev',
        strict_min_version: '140.0',
        data_collection_permissions: {
          required: ['personallyIdentifyingInfo', 'financialAndPaymentInfo', 'authenticationInfo'],
        },
      },
      gecko_android: { strict_min_version: '142.0' },
    });
  });

  it('keeps the Chrome manifest free of Firefox keys', () => {
    expect(chrome.browser_specific_settings).toBeUndefined();
    expect(chrome.background.scripts).toBeUndefined();
  });

  it('takes the version of both builds from package.json', () => {
    expect(chrome.version).toBe(pkg.version);
    expect(firefox.version).toBe(pkg.version);
  });

  it('holds the same pages and icons as the Chrome build', () => {
    for (const path of [
      firefox.action.default_popup,
      firefox.options_ui.page,
      ...Object.values<string>(firefox.icons),
      ...firefox.background.scripts,
    ])
      expect(existsSync(`dist-firefox/${path}`), path).toBe(true);
  });
});
