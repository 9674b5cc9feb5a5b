/**
 * The one manifest source (manifest.json) made into each browser's manifest. Chrome
 * gets it as written; Firefox gets background page scripts instead of a service worker
 * and its add-on id. Both take their version from package.json, so the two never drift.
 */
import baseManifest from '../manifest.json' with { type: 'json' };
import pkg from '../package.json' with { type: 'json' };
import { STOREFRONT_HOST_PATTERNS } from '../src/shared/storefront-hosts.ts';

export type TargetBrowser = 'chrome' | 'firefox';

/**
 * Firefox's add-on id. It is chosen once: addons.mozilla.org ties every later upload,
 * and every installed copy's data, to it, so it must never change.
 */
export const GECKO_ID = 'buyline@buyline.dev';

/**
 * What Buyline sends away, as Firefox asks new add-ons to declare it: shipping
 * addresses, and for orders on the user's own retailer account the card and the login.
 */
export const DATA_COLLECTION = [
  'personallyIdentifyingInfo',
  'financialAndPaymentInfo',
  'authenticationInfo',
] as const;

type BaseManifest = typeof baseManifest;

export interface ManifestOptions {
  /** Adds host access to the storefronts (see vite.config.ts). */
  testBuild?: boolean;
}

/** The browser a build is for, from BUYLINE_BROWSER (unset: chrome). */
export function targetBrowser(value = process.env.BUYLINE_BROWSER): TargetBrowser {
  if (value === undefined || value === '' || value === 'chrome') return 'chrome';
  if (value === 'firefox') return 'firefox';
  throw new Error(`BUYLINE_BROWSER is "${value}": set it to "chrome" or "firefox", or unset it.`);
}

/** Where a build goes: dist, dist-test, dist-firefox, dist-firefox-test. */
export function outDirFor(browser: TargetBrowser, options: ManifestOptions = {}): string {
  return `dist${browser === 'firefox' ? '-firefox' : ''}${options.testBuild ? '-test' : ''}`;
}

/**
 * Chrome's side panel as Firefox's sidebar: the same page, opened by Firefox's own
 * sidebar command (the shortcut Chrome's `open-panel` command has) or the popup's button.
 */
function sidebarFor({
  side_panel,
  commands,
  permissions,
  action,
}: Pick<BaseManifest, 'side_panel' | 'commands' | 'permissions' | 'action'>) {
  const { 'open-panel': panelCommand, ...otherCommands } = commands;
  return {
    permissions: permissions.filter((permission) => permission !== 'sidePanel'),
    sidebar_action: {
      default_panel: side_panel.default_path,
      default_title: '__MSG_extName__',
      default_icon: action.default_icon,
      open_at_install: false,
    },
    commands: { ...otherCommands, _execute_sidebar_action: panelCommand },
  };
}

/** Firefox MV3: an event page running the same script, plus the gecko settings. */
function forFirefox<M extends BaseManifest>({
  minimum_chrome_version: _,
  side_panel,
  background,
  ...rest
}: M) {
  return {
    ...rest,
    ...sidebarFor({ ...rest, side_panel }),
    // Firefox refuses background.service_worker; @crxjs (browser: 'firefox') takes
    // scripts[0] as the entry and writes its loader there, which the build then turns
    // into one classic script (scripts/classic-worker.ts).
    background: { scripts: [background.service_worker], type: background.type },
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        // 140 (the previous ESR) is the first with data_collection_permissions.
        strict_min_version: '140.0',
        data_collection_permissions: { required: [...DATA_COLLECTION] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  };
}

/** The manifest handed to @crxjs for one browser. */
export function manifestFor(browser: TargetBrowser, options: ManifestOptions = {}) {
  const { manifest_version, name, ...rest } = baseManifest;
  // The version sits where people look for it, right after the name.
  const versioned = { manifest_version, name, version: pkg.version, ...rest };
  const withHosts = options.testBuild
    ? {
        ...versioned,
        host_permissions: [...versioned.host_permissions, ...STOREFRONT_HOST_PATTERNS],
      }
    : versioned;
  return browser === 'firefox' ? forFirefox(withHosts) : withHosts;
}
