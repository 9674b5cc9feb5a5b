import polyfill from 'webextension-polyfill';
import { useExtensionApi } from '../shared/browser.ts';

// Imported first by the background's entry, so every module reads the polyfilled
// namespace: Chrome's own does not let an onMessage listener answer with a promise.
useExtensionApi(polyfill);
