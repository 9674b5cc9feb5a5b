import type { Tabs } from '../../shared/browser.ts';

type SidePanel = { open(options: { windowId: number }): Promise<void> };

/** The keyboard command that opens Buyline beside the page (Firefox runs its own sidebar command). */
const PANEL_COMMAND = 'open-panel';

/**
 * Opens Chrome's side panel in the window of the tab the command came from; a command
 * is the user's gesture, which the side panel asks for.
 */
export function onPanelCommand(command: string, tab?: Tabs.Tab): void {
  const sidePanel = (globalThis as { chrome?: { sidePanel?: SidePanel } }).chrome?.sidePanel;
  if (command !== PANEL_COMMAND || !sidePanel || tab?.windowId === undefined) return;
  sidePanel.open({ windowId: tab.windowId }).catch((error: unknown) => {
    console.error('Buyline: the side panel did not open', error);
  });
}
