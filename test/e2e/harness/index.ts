// The end-to-end harness: everything a test needs to drive the built extension in
// Debian's Chromium against the sandbox.
export { findChromium } from '../../../sandbox/browser/chromium.ts';
export { routeStorefronts } from '../../../sandbox/browser/route-storefronts.ts';
export { askBackground } from './ask-background.ts';
export { accessibilityViolations, describeViolations, expectAccessible } from './axe.ts';
export { type LaunchedExtension, launchExtension } from './launch-extension.ts';
export { HOME_ADDRESS, setUpThroughOptions } from './set-up-through-options.ts';
