/**
 * What the pages' bundles carry: the import graph as the bundler sees it, type imports
 * erased (they never reach a bundle). Zod and the contract's schemas stay out of every
 * page: the background checks what the pages send and what the service answers, and the
 * popup stays small and quick to open. `npm test` runs it beside .dependency-cruiser.cjs
 * (test/unit/conventions/dependency-rules.test.ts).
 */
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'pages-never-reach-zod',
      comment:
        'No page, and nothing a page imports for its values, imports zod or the contract’s schemas (their types may be imported: they are erased).',
      severity: 'error',
      from: { path: '^src/(popup|options|bulk|ui)/' },
      to: {
        path: ['(^|/)node_modules/zod/', '^src/api/zod\\.ts$', '^src/api/schemas/'],
        reachable: true,
      },
    },
  ],
  options: { ...options, tsPreCompilationDeps: false },
};
