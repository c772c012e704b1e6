// The arrows between the notifications context's modules (docs/architecture.md, "Modules"):
// every import between two modules points one way, down this list. `npm run lint` runs it
// (`nx run notifications:lint`); a back edge fails the build with the two files named.
//
//   channels ─┐
//   series ───┼──► delivery ──► shared      (series ──► profile ──► delivery as well)
//   profile ──┘
//
// Delivery owns the ports through which it asks the others (`RecurringSeries`,
// `DeliveryOutlets`, `RecipientRules`): the modules above implement them, so delivery never
// imports them. `shared` is the context's vocabulary (ids, channel kinds, statuses, errors,
// views, options, tables) and imports no module.
const SRC = '^packages/notifications/src/';

/** Each module's files. */
const MODULES = {
  shared: [
    `${SRC}application/(channel-kinds|recipient-id\\.validator|page-cursor|notifications\\.options|notification\\.view|http-view)\\.ts$`,
    `${SRC}application/series/repeat\\.input\\.ts$`,
    `${SRC}application/ports/(scope|transaction-runner\\.port|wake-up\\.port)\\.ts$`,
    `${SRC}domain/(notification-status|channel-send\\.state|retry-policy|due-policy|notification\\.errors|series\\.errors)\\.ts$`,
    `${SRC}infrastructure/(notifications\\.tables|recipient-profiles\\.table|queue-delivery-wake-up)\\.ts$`,
    `${SRC}(notifications|series)\\.tokens\\.ts$`,
  ],
  profile: [
    `${SRC}domain/recipient-profile/`,
    `${SRC}application/(get|update)-recipient-profile/`,
    `${SRC}application/(recipient-profile\\.view|profile-recipient-rules)\\.ts$`,
    `${SRC}application/ports/recipient-profile\\.repository\\.ts$`,
    `${SRC}infrastructure/kysely-recipient-profile\\.repository\\.ts$`,
  ],
  series: [
    `${SRC}application/series/(?!repeat\\.input\\.ts$)`,
    `${SRC}application/list-occurrences/`,
    `${SRC}application/ports/(series\\.repository|recipient-time-zone\\.port)\\.ts$`,
    `${SRC}infrastructure/(kysely-series\\.repository|series\\.tables|series\\.bindings)\\.ts$`,
  ],
  channels: [
    `${SRC}domain/channel-send(\\.entity|-events|-transitions)\\.ts$`,
    `${SRC}application/(channels|deliver-channel-sends|get-vapid-public-key)/`,
    `${SRC}application/(register|list|remove|resume)-subscriptions?/`,
    `${SRC}application/subscription-view\\.mapper\\.ts$`,
    `${SRC}application/ports/(channel-send\\.repository|delivery-channel\\.port|subscription\\.repository|vapid-keys\\.port)\\.ts$`,
    `${SRC}infrastructure/(channels|outbound)/`,
    `${SRC}infrastructure/(kysely-channel-send\\.repository|kysely-subscription\\.repository|channel-send-claims|queue-channel-sends-wake-up)\\.ts$`,
  ],
};
/** Files of no module: the entry points, the context file, the migrations, test support. */
const OUTSIDE = [
  `${SRC}(index|context|notifications\\.context)\\.ts$`,
  `${SRC}infrastructure/(notifications\\.migrations\\.ts$|migrations/)`,
  `${SRC}testing/`,
];
// Delivery: every other file of a layer folder.
MODULES.delivery = [`${SRC}(domain|application|infrastructure)/`];
const NOT_DELIVERY = [
  ...MODULES.shared,
  ...MODULES.profile,
  ...MODULES.series,
  ...MODULES.channels,
  ...OUTSIDE,
];

/** The modules each module may import besides itself. */
const MAY_IMPORT = {
  shared: [],
  delivery: ['shared'],
  profile: ['delivery', 'shared'],
  series: ['profile', 'delivery', 'shared'],
  channels: ['delivery', 'shared'],
};

const SPEC = '\\.spec\\.ts$';

function filesOf(name) {
  return name === 'delivery'
    ? { path: MODULES.delivery, pathNot: [...NOT_DELIVERY, SPEC] }
    : { path: MODULES[name], pathNot: [SPEC] };
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
    from: { path: `${SRC}(domain|application|infrastructure)/`, pathNot: [...OUTSIDE, SPEC] },
    to: { path: OUTSIDE },
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
