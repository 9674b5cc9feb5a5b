import type { Browser, CDPSession } from 'playwright-core';

/** Something an extension page or the worker reported that a healthy build never does. */
export interface ExtensionProblem {
  kind: 'console-error' | 'uncaught' | 'log-error' | 'csp-violation';
  /** The page or worker it came from. */
  url: string;
  text: string;
}

export interface ProblemWatch {
  /** Every problem seen so far, in arrival order; the array grows as they come. */
  readonly problems: ExtensionProblem[];
  /**
   * Every problem of every extension page and worker up to now: it attaches to targets
   * not yet watched and makes one round trip to each, so nothing reported before the
   * call is still on its way when it returns.
   */
  settle(): Promise<ExtensionProblem[]>;
  close(): Promise<void>;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface Watched {
  sessionId: string;
  url: string;
  pending: Map<number, () => void>;
}

interface RemoteValue {
  value?: unknown;
  description?: string;
}

interface TargetMessage {
  id?: number;
  method?: string;
  params?: any;
}

const WATCHED_TYPES = new Set(['page', 'service_worker', 'worker', 'other']);
// A round trip to a closing page may never be answered; it must not hold a test.
const ROUND_TRIP_MS = 2_000;

/**
 * Watches every page and worker of the extension through the browser's CDP session.
 * Playwright reports console messages but neither the worker's uncaught errors nor
 * any CSP violation (Chromium reports those as DevTools issues), and it does not see
 * a popup at all; one attachment per target through `Target.attachToTarget` sees all
 * of them. Runtime, Log and Audits replay what happened before they were enabled, so
 * a target attached late loses nothing.
 */
export async function watchExtensionProblems(
  browser: Browser,
  extensionId: string,
): Promise<ProblemWatch> {
  const origin = `chrome-extension://${extensionId}/`;
  const session: CDPSession = await browser.newBrowserCDPSession();
  const problems: ExtensionProblem[] = [];
  const byTarget = new Map<string, Promise<Watched | undefined>>();
  const bySession = new Map<string, Watched>();
  let nextId = 1;

  const send = (watched: Watched, method: string, params: object = {}) => {
    const id = nextId++;
    const answered = new Promise<void>((resolve) => {
      watched.pending.set(id, resolve);
      setTimeout(resolve, ROUND_TRIP_MS).unref?.();
    });
    session
      .send('Target.sendMessageToTarget', {
        sessionId: watched.sessionId,
        message: JSON.stringify({ id, method, params }),
      })
      .catch(() => watched.pending.get(id)?.());
    return answered;
  };

  const attach = (info: TargetInfo) => {
    const known = byTarget.get(info.targetId);
    if (known) {
      // A watched tab may leave the extension; what it reports then is not ours.
      void known.then((watched) => {
        if (watched) watched.url = info.url;
      });
      return;
    }
    if (!WATCHED_TYPES.has(info.type) || !info.url.startsWith(origin)) return;
    const attaching = (async () => {
      try {
        const { sessionId } = (await session.send('Target.attachToTarget', {
          targetId: info.targetId,
          flatten: false,
        })) as { sessionId: string };
        const watched: Watched = { sessionId, url: info.url, pending: new Map() };
        bySession.set(sessionId, watched);
        await Promise.all([
          send(watched, 'Runtime.enable'),
          send(watched, 'Log.enable'),
          send(watched, 'Audits.enable'),
        ]);
        return watched;
      } catch {
        // The target went away before it could be watched: nothing more can come from it.
        return undefined;
      }
    })();
    byTarget.set(info.targetId, attaching);
  };

  const record = (watched: Watched, message: TargetMessage) => {
    const params = message.params ?? {};
    const url = watched.url;
    if (message.method === 'Runtime.consoleAPICalled' && params.type === 'error') {
      const text = (params.args as RemoteValue[])
        .map((arg) => (arg.value !== undefined ? String(arg.value) : (arg.description ?? '')))
        .join(' ');
      problems.push({ kind: 'console-error', url, text });
    } else if (message.method === 'Runtime.exceptionThrown') {
      const details = params.exceptionDetails ?? {};
      problems.push({
        kind: 'uncaught',
        url,
        text: details.exception?.description ?? details.text ?? 'Uncaught',
      });
    } else if (message.method === 'Log.entryAdded' && params.entry?.level === 'error') {
      problems.push({ kind: 'log-error', url, text: String(params.entry.text) });
    } else if (
      message.method === 'Audits.issueAdded' &&
      params.issue?.code === 'ContentSecurityPolicyIssue'
    ) {
      const details = params.issue.details?.contentSecurityPolicyIssueDetails ?? {};
      const where = details.sourceCodeLocation;
      problems.push({
        kind: 'csp-violation',
        url,
        text: [
          `${details.violatedDirective} refused (${details.contentSecurityPolicyViolationType})`,
          details.blockedURL,
          where && `at ${where.url}:${where.lineNumber + 1}:${where.columnNumber + 1}`,
        ]
          .filter(Boolean)
          .join(' '),
      });
    }
  };

  session.on('Target.targetCreated', ({ targetInfo }) => attach(targetInfo as TargetInfo));
  session.on('Target.targetInfoChanged', ({ targetInfo }) => attach(targetInfo as TargetInfo));
  session.on('Target.detachedFromTarget', ({ sessionId, targetId }) => {
    const watched = bySession.get(sessionId);
    for (const resolve of watched?.pending.values() ?? []) resolve();
    bySession.delete(sessionId);
    if (targetId) byTarget.delete(targetId);
  });
  session.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const watched = bySession.get(sessionId);
    if (!watched) return;
    const parsed = JSON.parse(message) as TargetMessage;
    if (parsed.id !== undefined) {
      watched.pending.get(parsed.id)?.();
      watched.pending.delete(parsed.id);
    } else if (watched.url.startsWith(origin)) {
      record(watched, parsed);
    }
  });
  // Discovery reports every existing target at once, then each new one and each change
  // of address (a tab that goes from about:blank to an extension page).
  await session.send('Target.setDiscoverTargets', { discover: true });

  return {
    problems,
    async settle() {
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: TargetInfo[];
      };
      for (const info of targetInfos) attach(info);
      const watched = await Promise.all(byTarget.values());
      await Promise.all(
        watched.map((target) =>
          target ? send(target, 'Runtime.evaluate', { expression: '0' }) : undefined,
        ),
      );
      return [...problems];
    },
    async close() {
      await session.detach().catch(() => undefined);
    },
  };
}
