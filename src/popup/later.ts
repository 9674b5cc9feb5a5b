import { type ComponentType, type FunctionComponent, h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { NEW_ADDRESS } from './form/types.ts';
import type { PopupStart } from './start.ts';

export type Later<P> = FunctionComponent<P> & {
  /** Loads the code now: a first screen that shows the component waits for it. */
  load(): Promise<unknown>;
};

/**
 * A component whose code is not part of the popup's first screen: it is loaded when
 * first drawn (or asked for by `load`), and draws nothing until its code has come.
 */
export function later<P>(importer: () => Promise<ComponentType<P>>): Later<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () => {
    loading ??= importer().then((component) => {
      loaded = component;
    });
    return loading;
  };
  const Component = (props: P) => {
    const [, redraw] = useState(0);
    // Loaded after the paint, not before: adding its module links would hold the first screen.
    useEffect(() => {
      if (!loaded) void load().then(() => redraw(1));
    }, []);
    return loaded ? h(loaded as ComponentType<object>, props as object) : null;
  };
  return Object.assign(Component, { load });
}

// The parts of the popup its first screen does not show (or shows only when there is
// something to show): their code loads once the first screen is painted.
export const OrdersList = later(() => import('./orders-list.tsx').then((m) => m.OrdersList));
export const OrderDetail = later(() => import('./order-detail.tsx').then((m) => m.OrderDetail));
export const CancellableOrders = later(() =>
  import('./cancellable-orders.tsx').then((m) => m.CancellableOrders),
);
export const PlacedOrder = later(() => import('./order-detail.tsx').then((m) => m.PlacedOrder));
export const VaultUnlock = later(() =>
  import('./form/vault-unlock.tsx').then((m) => m.VaultUnlock),
);
export const OneOffAddressFields = later(() =>
  import('./form/one-off-address.tsx').then((m) => m.OneOffAddressFields),
);

/** Loads every part above: called once the first screen is painted, so a click finds it. */
export function loadTheRest(): Promise<unknown> {
  const parts = [OrdersList, OrderDetail, CancellableOrders, PlacedOrder, VaultUnlock];
  return Promise.all([...parts, OneOffAddressFields].map((part) => part.load()));
}

/** Loads the code the first screen shows beyond the form, when it shows it. */
export function loadShown(start: PopupStart): Promise<unknown> {
  const shown = [
    start.cancellable?.some((order) => order.life.actions.cancel.length > 0) && CancellableOrders,
    start.inFlight?.length && PlacedOrder,
    start.saved?.[0]?.addressId === NEW_ADDRESS && OneOffAddressFields,
    start.vault?.exists && !start.vault.unlocked && VaultUnlock,
  ];
  return Promise.all(shown.map((part) => (part ? part.load() : undefined)));
}
