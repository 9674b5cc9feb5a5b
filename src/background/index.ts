import '../api/zod.ts';

// The service worker. Its real work (message router, placement, polling, history)
// arrives with the background issue; for now it proves that the worker loads.
chrome.runtime.onInstalled.addListener(() => {
  console.info('Buyline installed');
});
