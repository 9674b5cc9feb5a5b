/**
 * The reader script's entry (PAGE_READER_SCRIPT in types.ts). It leaves
 * `__buylineReadPage` in the isolated world, which the page cannot see, for
 * src/background/placing/page-read.ts to call with the page's context.
 */
import { runPageReaders } from './registry.ts';
import type { PageReaderGlobal } from './types.ts';

(globalThis as PageReaderGlobal).__buylineReadPage = (context) => runPageReaders(context, document);
