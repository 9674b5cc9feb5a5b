import { render } from '@testing-library/preact';
import type { ComponentChildren, VNode } from 'preact';
import { ConnectorContext } from '../../../src/ui/connector.ts';
import type { MockConnector } from './mock-connector.ts';

/** Renders a view the way a page does, with the connector it talks through (kept on rerender). */
export function renderWith(connector: MockConnector, view: VNode) {
  return render(view, {
    wrapper: ({ children }: { children: ComponentChildren }) => (
      <ConnectorContext.Provider value={connector}>{children}</ConnectorContext.Provider>
    ),
  });
}
