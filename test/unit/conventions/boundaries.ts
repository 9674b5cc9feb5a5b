/**
 * The boundaries between Buyline's parts, as chains of value imports that cross them:
 * - the options page never imports the popup (what both use lives in src/ui and src/shared);
 * - the kit in src/ui belongs to neither page;
 * - the background never imports Preact;
 * - the pages' code never reaches zod or the contract's schemas: the background checks
 *   (types may still be imported, they are erased);
 * - views reach the background only through the connector: no `ask(...)` of their own.
 */
import { type Graph, reachable } from './import-graph.ts';

const isPopup = (target: string) => target.startsWith('src/popup/');
const isPreact = (target: string) => target === 'preact' || target.startsWith('preact/');
const isZod = (target: string) =>
  target === 'zod' || target === 'src/api/zod.ts' || target.startsWith('src/api/schemas/');
const PAGES = ['src/popup/', 'src/options/', 'src/ui/'];
const isAsk = (file: string, source: string) =>
  PAGES.some((dir) => file.startsWith(dir)) &&
  file !== 'src/ui/background-connector.ts' &&
  /import\s*\{[^}]*\bask\b[^}]*\}\s*from\s*['"][./]*shared\/messaging\.ts['"]/.test(source);

/** Each boundary as a list of the chains that cross it; empty when it holds. */
export function crossings(g: Graph, files: Record<string, string>) {
  const within = (dir: string) => Object.keys(files).filter((file) => file.startsWith(dir));
  return {
    optionsToPopup: reachable(g, within('src/options/'), isPopup),
    uiToPages: reachable(g, within('src/ui/'), (t) => isPopup(t) || t.startsWith('src/options/')),
    backgroundToPreact: reachable(g, within('src/background/'), isPreact),
    pagesToZod: reachable(g, ['src/popup/main.tsx', 'src/options/main.tsx'], isZod),
    directAsks: Object.entries(files)
      .filter(([file, source]) => isAsk(file, source))
      .map(([file]) => [file]),
  };
}
