import type { FirefoxWithBuyline } from '../../../scripts/firefox/launch-firefox.ts';

/** Something one of the extension's pages or its background reported that a healthy build never does. */
export interface FirefoxProblem {
  /** `uncaught` for an error nobody caught, else the CSP check that refused something. */
  kind: 'uncaught' | 'csp-violation' | 'error';
  /** The page or script it came from. */
  url: string;
  text: string;
}

/**
 * Watches every error Firefox logs for the extension's own documents (pages, popup,
 * background page): uncaught errors and CSP violations reach the browser's console
 * service from every process, so one listener in the browser window sees them all.
 * (console.error calls stay in the extension's process and are not seen.) Returns a
 * reader of everything logged so far.
 */
export async function watchProblems(
  ff: FirefoxWithBuyline,
): Promise<() => Promise<FirefoxProblem[]>> {
  await ff.inChrome(
    `({ origin }) => {
      const seen = [];
      window.buylineProblems = seen;
      Services.console.registerListener({
        QueryInterface: ChromeUtils.generateQI(['nsIConsoleListener']),
        observe(message) {
          if (!(message instanceof Ci.nsIScriptError)) return;
          if (!String(message.sourceName).startsWith(origin)) return;
          if (message.flags & (Ci.nsIScriptError.warningFlag | Ci.nsIScriptError.infoFlag)) return;
          // A page closed while a browser.* call was pending (the toolbar popup closes
          // as soon as it loaded, a test closes a page while it re-reads): Firefox drops
          // the answer, or rejects the call, and says so. Not a defect of the page.
          if (/^Promise (resolved|rejected) after context unloaded/.test(String(message.errorMessage))) return;
          const kind = message.category.startsWith('CSP') ? 'csp-violation'
            : message.category.includes('javascript') ? 'uncaught' : 'error';
          seen.push({ kind, url: message.sourceName, text: message.errorMessage });
        },
      });
      return 'null';
    }`,
    { origin: ff.extensionUrl('') },
  );
  return () => ff.inChrome<FirefoxProblem[]>('() => JSON.stringify(window.buylineProblems)');
}
