import { OrderView } from '../../../src/popup/order-view.tsx';
import type { Settings } from '../../../src/shared/settings.ts';
import type { MockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, settingsWithHome } from './fixtures.ts';

/** The popup's order form over an amazon product page, as the view tests open it. */
export function renderOrderView(
  connector: MockConnector,
  settings: Settings = settingsWithHome(),
  tab = amazonTab(),
) {
  return renderWith(
    connector,
    <OrderView
      tab={tab}
      pageRead
      settings={settings}
      vault={LOCKED_VAULT}
      onShowOrders={() => undefined}
      onOpenOptions={() => undefined}
      onOpenOrder={() => undefined}
      onVault={() => undefined}
    />,
  );
}

/** The message tied to a control (its problem, or else its hint). */
export const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
