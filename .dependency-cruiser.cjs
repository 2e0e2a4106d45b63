/**
 * Import rules for the whole monorepo, checked by `npm run lint` (dependency-cruiser):
 * no import circles anywhere, dependencies point inward (adapters and the transport depend on the
 * domain, never the other way), and the domain imports nothing but itself.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: two modules that need each other are one idea, or one of them is in the wrong place.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'The domain imports nothing outside packages/domain/src: no framework, driver or Node I/O module.',
      from: { path: '^packages/domain/src' },
      to: { pathNot: '^packages/domain/src' },
    },
    {
      name: 'adapters-do-not-know-each-other',
      severity: 'error',
      comment: 'An adapter serves one outside world; only the composition root combines them.',
      from: { path: '^packages/adapters-([^/]+)/src' },
      to: { path: '^packages/(adapters-(?!$1)[^/]+|http-express|web)/' },
    },
    {
      name: 'nothing-depends-on-the-transport',
      severity: 'error',
      from: { path: '^packages/(domain|adapters-[^/]+)/src' },
      to: { path: '^packages/http-express/' },
    },
  ],
  options: {
    // Other packages are reached through their built `dist/` (package exports): seen, not followed.
    doNotFollow: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
    combinedDependencies: true,
  },
};
