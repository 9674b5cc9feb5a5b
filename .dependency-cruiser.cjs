/**
 * The layers of Buyline's sources and the imports allowed between them, checked by
 * dependency-cruiser over the whole of src/ (type imports included: a cycle of types is
 * still a cycle a reader has to untangle). `npm test` runs it
 * (test/unit/conventions/dependency-rules.test.ts); `npx depcruise src` shows the same.
 *
 * The layers, from the bottom:
 * - src/api: the service contract and its client; it stands alone, sharing only the
 *   zod-free leaves every context reads (SHARED_LEAVES below);
 * - src/shared: what several contexts share;
 * - src/page-readers: readers of storefront pages, run inside the page;
 * - src/background: the worker; its core (everything outside bulk/) does not know bulk,
 *   which plugs into it (a round step registered with the scheduler, a listener of the
 *   write path);
 * - src/ui: the kit of the pages; src/popup, src/options, src/bulk: the pages, which reach
 *   the background only through the connector and never import its code.
 *
 * Which modules a page's bundle carries (zod must stay out of them) is a question of
 * value imports only, so it is checked by .dependency-cruiser-bundles.cjs over the graph
 * with type imports erased.
 */

/** Zod-free, browser-free leaves that src/api shares with every context. */
const SHARED_LEAVES =
  '^src/shared/(i18n|i18n-english|sentences|address-rules|address-codes|country-codes)\\.ts$';
const PAGES = '^src/(popup|options|bulk)/';
const PAGES_AND_KIT = '^src/(popup|options|bulk|ui)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'No module imports itself through others, types included: a layer must be readable from the bottom up.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'api-stands-alone',
      comment:
        'src/api (the contract and its client) imports nothing else of src/ but the zod-free leaves it shares with every context.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/', pathNot: ['^src/api/', SHARED_LEAVES] },
    },
    {
      name: 'shared-leaves-stay-leaves',
      comment:
        'The leaves src/api shares import only each other, so sharing them brings nothing else along.',
      severity: 'error',
      from: { path: SHARED_LEAVES },
      to: { path: '^src/', pathNot: SHARED_LEAVES },
    },
    {
      name: 'shared-imports-no-context',
      comment:
        'src/shared is shared by every context, so it imports none of them (only src/api and itself).',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(background|page-readers|ui|popup|options|bulk)/' },
    },
    {
      name: 'page-readers-run-in-the-page',
      comment:
        'The page readers are built into one script run inside storefront pages: they import no part of the worker or the pages.',
      severity: 'error',
      from: { path: '^src/page-readers/' },
      to: { path: '^src/(background|ui|popup|options|bulk)/' },
    },
    {
      name: 'pages-never-import-the-background',
      comment:
        'Pages talk to the background only through the connector (src/ui/connector.ts): they never import its code, not even its types.',
      severity: 'error',
      from: { path: PAGES_AND_KIT },
      to: { path: '^src/background/' },
    },
    {
      name: 'core-background-does-not-know-bulk',
      comment:
        'The core of the worker (src/background outside bulk/) does not import bulk: bulk plugs in at the worker start (bulk/plug-in.ts, called by index.ts): a round step of the scheduler, a listener of settled orders, the pages its notices open. The router, the table of every message and its handler, names the bulk handlers too.',
      severity: 'error',
      from: {
        path: '^src/background/',
        pathNot: [
          '^src/background/bulk/',
          '^src/background/index\\.ts$',
          '^src/background/pages/router\\.ts$',
        ],
      },
      to: { path: '^src/background/bulk/' },
    },
    {
      name: 'background-imports-no-page',
      comment: 'The worker imports no page and no page kit.',
      severity: 'error',
      from: { path: '^src/background/' },
      to: { path: PAGES_AND_KIT },
    },
    {
      name: 'background-never-imports-preact',
      comment:
        'The worker renders nothing: neither it nor what it shares with the pages (src/shared, src/api, src/page-readers) imports Preact.',
      severity: 'error',
      from: { path: '^src/(background|shared|api|page-readers)/' },
      to: { path: '(^|/)node_modules/preact/' },
    },
    {
      name: 'pages-import-no-other-page',
      comment:
        'What the pages both use lives in src/ui and src/shared; a page imports no other page.',
      severity: 'error',
      from: { path: '^src/(popup|options|bulk)/' },
      to: { path: '^src/(popup|options|bulk)/', pathNot: '^src/$1/' },
    },
    {
      name: 'ui-imports-no-page',
      comment: 'The kit in src/ui belongs to no page.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: PAGES },
    },
    {
      name: 'views-ask-only-through-the-connector',
      comment:
        'Pages and their kit reach the messaging module only in the connector (src/ui/background-connector.ts) and the error it reports (src/ui/failure.ts); a text check says failure.ts takes no `ask` from it.',
      severity: 'error',
      from: {
        path: PAGES_AND_KIT,
        pathNot: '^src/ui/(background-connector|failure)\\.ts$',
      },
      to: { path: '^src/shared/messaging\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
