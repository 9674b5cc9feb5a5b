// The Firefox end-to-end harness: Debian's Firefox ESR with the shipped Firefox build,
// driven over WebDriver BiDi, against the sandbox. See shared/notes/firefox.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type FirefoxWithBuyline, launchFirefox } from '../../../scripts/firefox/launch-firefox.ts';

export { findFirefox } from '../../../scripts/firefox/find-firefox.ts';
export type { FirefoxWithBuyline } from '../../../scripts/firefox/launch-firefox.ts';
export { routeStorefronts } from '../../../scripts/firefox/route-storefronts.ts';
export { type ShownAlert, watchAlerts } from './alerts.ts';
export { backgroundState, terminateBackground } from './background.ts';
export { type FirefoxProblem, watchProblems } from './problems.ts';
export { clickToolbarButton, popupBehindTab } from './toolbar.ts';

/** Preferences the tests need on top of a fresh profile. */
const TEST_PREFS = {
  // A page in a background tab (the drivable popup) otherwise runs its timers late
  // and takes about 4 s to render instead of under 1 s.
  'dom.min_background_timeout_value': 4,
  'dom.min_background_timeout_value_without_budget_throttling': 4,
  'dom.timeout.enable_budget_timer_throttling': false,
  // permissions.request (from a click) is granted without a prompt nobody can answer.
  'extensions.webextOptionalPermissionPrompts': false,
};

/** Firefox, headless, with a Firefox build (by default the shipped one, dist-firefox/) installed. */
export function launchBuyline(dist = 'dist-firefox'): Promise<FirefoxWithBuyline> {
  if (!existsSync(join(dist, 'manifest.json')))
    throw new Error(`${dist}/manifest.json is missing: run "npm run build:firefox" first.`);
  return launchFirefox({ dist, prefs: TEST_PREFS });
}
