// The arrows between the notifications context's modules (docs/architecture.md, "Modules"):
// every import between two modules points one way, down this list. `npm run lint` runs it
// (`nx run notifications:lint`); a back edge fails the build with the two files named.
//
//   channels ────┐
//   series ──────┤
//   profile ─────┼──► delivery ──► shared   (series ──► profile ──► delivery as well)
//   preferences ─┘
//
// Delivery owns the ports through which it asks the others (`RecurringSeries`,
// `DeliveryOutlets`, `RecipientRules`): the modules above implement them, so delivery never
// imports them. `shared` is the context's vocabulary (ids, channel kinds, statuses, errors,
// views, options, tables) and imports no module.
const SRC = '^packages/notifications/src/';

/** Each module is a folder of `src/`. */
const NAMES = ['shared', 'delivery', 'profile', 'series', 'channels', 'preferences'];
/** Files of no module: the entry points, the context file, the migrations, test support. */
const OUTSIDE = [
  `${SRC}(index|context|notifications\\.context)\\.ts$`,
  `${SRC}migrations/`,
  `${SRC}testing/`,
];

/** The modules each module may import besides itself. */
const MAY_IMPORT = {
  shared: [],
  delivery: ['shared'],
  profile: ['delivery', 'shared'],
  series: ['profile', 'delivery', 'shared'],
  channels: ['delivery', 'shared'],
  preferences: ['delivery', 'shared'],
};

const SPEC = '\\.spec\\.ts$';

function filesOf(name) {
  return { path: `${SRC}${name}/`, pathNot: [SPEC] };
}

const forbidden = Object.keys(MAY_IMPORT).flatMap((name) => {
  const from = filesOf(name);
  return Object.keys(MAY_IMPORT)
    .filter((other) => other !== name && !MAY_IMPORT[name].includes(other))
    .map((other) => ({
      name: `${name}-not-to-${other}`,
      comment: `The ${name} module imports ${MAY_IMPORT[name].join(', ') || 'no other module'} only: ${name} → ${other} runs an arrow back.`,
      severity: 'error',
      from,
      to: filesOf(other),
    }));
});

forbidden.push(
  {
    name: 'modules-not-to-the-wiring',
    comment: 'A module never imports the entry points, the context file or the test support.',
    severity: 'error',
    from: { path: `${SRC}(${NAMES.join('|')})/`, pathNot: [SPEC] },
    to: { path: OUTSIDE },
  },
  {
    name: 'module-public-surface',
    comment:
      "A module reaches another only through its public surface: its domain (aggregates, events), its ports (application/ports) and its commands (application/<use case>/*.command.ts); never another module's handlers, services or adapters.",
    severity: 'error',
    from: { path: `${SRC}(delivery|profile|series|channels|preferences)/`, pathNot: [SPEC] },
    to: {
      path: `${SRC}(delivery|profile|series|channels|preferences)/`,
      pathNot: [
        `${SRC}$1/`,
        `${SRC}[^/]+/domain/`,
        `${SRC}[^/]+/application/ports/`,
        `${SRC}[^/]+/application/[^/]+/[^/]+\\.command\\.ts$`,
      ],
    },
  },
  {
    name: 'no-circular',
    comment: 'No import cycle inside the context (a cycle is an arrow running back).',
    severity: 'error',
    from: { path: SRC, pathNot: [SPEC, `${SRC}testing/`] },
    to: { circular: true },
  },
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.spec\\.ts$', '/testing/', '/dist/'] },
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.lib.json') },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
