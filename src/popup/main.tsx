import '../ui/base.css';
import { render } from 'preact';
import { t } from '../shared/i18n.ts';
import { backgroundConnector } from '../ui/background-connector.ts';
import { ConnectorContext } from '../ui/connector.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { App, viewFromHash } from './app.tsx';
import { NEW_ADDRESS } from './form/types.ts';
import {
  CancellableOrders,
  loadTheRest,
  OneOffAddressFields,
  PlacedOrder,
  VaultUnlock,
} from './later.ts';
import { type PopupStart, readStart } from './start.ts';

/**
 * The code the first screen shows beyond the form: the orders it offers to cancel, the
 * orders in flight before the form, a one-off address, the vault's passphrase.
 */
function partsShown(start: PopupStart): Promise<unknown>[] {
  const shown: Promise<unknown>[] = [];
  if (start.cancellable?.some((order) => order.life.actions.cancel.length > 0))
    shown.push(CancellableOrders.load());
  if (start.inFlight?.length) shown.push(PlacedOrder.load());
  if (start.saved?.[0]?.addressId === NEW_ADDRESS) shown.push(OneOffAddressFields.load());
  if (start.vault?.exists && !start.vault.unlocked) shown.push(VaultUnlock.load());
  return shown;
}

// The first screen is drawn once, complete, from what the popup reads as it opens; the
// code of everything else loads once that screen is painted.
const root = document.getElementById('app');
if (root)
  void readStart(backgroundConnector, viewFromHash() ? 'other' : 'order').then(async (start) => {
    await Promise.all(partsShown(start));
    render(
      <ErrorBoundary title={t('extName')}>
        <ConnectorContext.Provider value={backgroundConnector}>
          <App start={start} />
        </ConnectorContext.Provider>
      </ErrorBoundary>,
      root,
    );
    requestAnimationFrame(() => setTimeout(() => void loadTheRest()));
  });
