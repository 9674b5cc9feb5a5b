import '../api/zod.ts';
import './wake-start.ts';
import { browser, type Runtime } from '../shared/browser.ts';
import { publishChange } from '../shared/change-feed.ts';
import { SANDBOX_TOKEN, SANDBOX_URL } from '../shared/settings.ts';
import { moveOldBatches } from './bulk/batch-records.ts';
import { plugInBulk } from './bulk/plug-in.ts';
import { clock } from './clock.ts';
import { history } from './history/connection.ts';
import { backfillWords } from './history/words-backfill.ts';
import { readToken, sealPlainToken, writeToken } from './keys/token-store.ts';
import { keepFirstScreen } from './pages/first-screen.ts';
import { route } from './pages/router.ts';
import { onPanelCommand } from './pages/side-panel.ts';
import { ensurePollAlarm, POLL_ALARM, runDueWork } from './rounds/scheduler.ts';
import { moveWebhooksToDevice, readSettings } from './settings-store.ts';
import { keepStorageToTrustedContexts } from './storage-access.ts';
import { refreshBadge } from './telling/badge.ts';
import { onNoticeButton, onNoticeClicked } from './telling/notice-clicks.ts';
import { onVaultAlarm } from './vault/vault-service.ts';

// Bulk joins the rounds, the write path and the notices' clicks before anything runs.
plugInBulk();

// Listeners are registered synchronously at the top level, so an event that wakes the
// worker reaches them. Answering through sendResponse after returning true is the one
// asynchronous answer every browser takes.
browser.runtime.onMessage.addListener(((
  message: unknown,
  sender: Runtime.MessageSender,
  sendResponse: (reply: unknown) => void,
) => {
  route(message, sender).then(sendResponse, (error: unknown) => {
    console.error('Buyline: a message went unanswered', error);
    sendResponse(undefined);
  });
  return true;
}) as Parameters<typeof browser.runtime.onMessage.addListener>[0]);

// The vault locks itself once idle: its alarm runs every minute while it is unlocked.
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === POLL_ALARM) void runDueWork();
  else void onVaultAlarm(alarm);
});

// A click opens what the notice is about: a batch, an order, or the orders list; its
// button (Chrome; Firefox shows none) undoes a held order, opens a placed one's
// cancellation or a failed one's fix (notice-clicks.ts).
browser.notifications.onClicked.addListener(onNoticeClicked);
browser.notifications.onButtonClicked?.addListener(onNoticeButton);

// The keyboard command that opens Buyline beside the page (Chrome's side panel).
browser.commands?.onCommand.addListener(onPanelCommand);

browser.runtime.onInstalled.addListener(async ({ reason }) => {
  // Batches an older version kept in a database of their own join the history.
  if (reason === 'update')
    void moveOldBatches().catch((error: unknown) =>
      console.error('Buyline: the bulk batches of an older version could not be moved', error),
    );
  // Out of the box Buyline talks to the local sandbox, whose token is `sandbox`.
  const read = readSettings();
  const [settings, token] = await Promise.all([read, readToken(undefined, read)]);
  if (token || settings.serviceUrl !== SANDBOX_URL) return;
  await writeToken(SANDBOX_TOKEN);
  // A page opened at install (Options, on first run) may have read "no token" already.
  await publishChange(['token']);
});

// Every start of the worker (install, browser start, wake-up) resumes what the last one
// left: sends not confirmed, orders not final. Nothing else started here comes before
// that round's first poll: a read seals a token found in clear and takes webhooks from
// either place, so what earlier versions stored is moved once the round is done, or a
// second on (a round of a thousand orders must not keep secrets in sync that long).
const resumed = runDueWork();
const roundDone = Promise.race([
  resumed.catch(() => undefined),
  new Promise((done) => clock.setTimeout(() => done(undefined), 1_000)),
]);
const moved = roundDone.then(() => Promise.all([sealPlainToken(), moveWebhooksToDevice()]));
// The words of orders kept before they were indexed, a batch at a time, until all are.
roundDone
  .then(async () => backfillWords((await history()).db))
  .catch((error: unknown) => console.error('Buyline: old orders’ words were not indexed', error));
keepFirstScreen(roundDone);
void Promise.all([
  keepStorageToTrustedContexts(),
  // What earlier versions stored in clear or in sync is moved where it now belongs; a
  // failed move is tried again at the next start and must not hold up the orders.
  moved.catch((error: unknown) =>
    console.error('Buyline: could not move stored secrets where they belong', error),
  ),
  ensurePollAlarm(),
  // The badge shows what the last worker set until the round, which it would slow, is done.
  resumed.finally(refreshBadge),
]).catch((error: unknown) => console.error('Buyline: could not resume background work', error));
