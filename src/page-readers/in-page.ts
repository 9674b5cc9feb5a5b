/**
 * The reader script's entry. vite.config.ts builds it, with the readers it imports,
 * into one classic script (PAGE_READER_SCRIPT), which the worker injects into the
 * product page. It leaves `__buylineReadPage` in the content script's global scope (the
 * extension's isolated world, which the page cannot see), and the worker then calls it
 * with the page's context as plain data (src/background/page-read.ts).
 */
import { runPageReaders } from './registry.ts';
import type { PageReaderGlobal } from './types.ts';

(globalThis as PageReaderGlobal).__buylineReadPage = (context) => runPageReaders(context, document);
