import fc from 'fast-check';

/** A send request's JSON body, as a client writes it. */
export type SendBody = Record<string, unknown>;

/** A valid send request, and a valid one that differs from it in exactly one field. */
export interface OneFieldChanged {
  /** The field that differs (`source.key` for a field of `source`). */
  readonly field: string;
  readonly base: SendBody;
  readonly changed: SendBody;
}

/** Which requests a route takes: the batch takes neither `when`/`timeZone` nor `repeat`. */
export type RouteKind = 'single' | 'batch';

/** Far enough ahead that nothing fires during a test. */
const ANCHOR_MS = Date.parse('2099-01-01T00:00:00.000Z');

/** An instant `hours` after the anchor, with the offset a client chose (the same instant). */
function instant(hours: number, offset: 'Z' | '+02:00'): string {
  const ms = ANCHOR_MS + hours * 3_600_000;
  if (offset === 'Z') {
    return new Date(ms).toISOString();
  }
  return `${new Date(ms + 2 * 3_600_000).toISOString().slice(0, -1)}+02:00`;
}

const text = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/[^ -~]/g, 'x'));
const hours = fc.integer({ min: 1, max: 10_000 });
const offset = fc.constantFrom<'Z' | '+02:00'>('Z', '+02:00');
const CHANNEL_FORMS: readonly SendBody[] = [
  {},
  { channel: 'webhook' },
  { channels: ['inbox'] },
  { channels: ['inbox', 'push'] },
  { channels: ['webhook', 'push'] },
];
const PHRASES = ['in 2 hours', 'in 3 hours', 'tomorrow 9am', 'next friday 17:00'];
/** The source key of generated requests (and `<it>-b`, its other value). */
const SOURCE_KEY = 'src';
const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];
const ESCALATIONS = [
  { after: '1h', channel: 'email' },
  { after: '2h', channel: 'email' },
  { after: '1h', channel: 'webhook' },
];
const FALLBACKS = [{ channel: 'email' }, { channel: 'ntfy' }];
const RULES = ['FREQ=DAILY', 'FREQ=WEEKLY', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=MONTHLY'];

/** One of `values` other than `current` (compared as JSON), or `undefined` meaning "leave it out". */
function another<T>(
  values: readonly (T | undefined)[],
  current: T | undefined,
): fc.Arbitrary<T | undefined> {
  const others = values.filter((v) => JSON.stringify(v) !== JSON.stringify(current));
  return fc.constantFrom(...others);
}

/** The body with `field` set to `value`, or removed when `value` is undefined. */
function withField(body: SendBody, field: string, value: unknown): SendBody {
  const out: SendBody = { ...body };
  if (value === undefined) {
    delete out[field];
  } else {
    out[field] = value;
  }
  return out;
}

/** Fields every request may hold, whatever says when it goes out. */
const common = fc.record({
  title: text,
  message: fc.oneof(fc.constant(''), text),
  url: fc.option(
    fc.nat(999).map((n) => `https://example.org/n/${n}`),
    { nil: undefined },
  ),
  channels: fc.constantFrom(...CHANNEL_FORMS),
  priority: fc.constantFrom(undefined, 'normal', 'high'),
  escalate: fc.constantFrom(undefined, ...ESCALATIONS),
  fallback: fc.constantFrom(undefined, ...FALLBACKS),
});

/** A request with its "when" part: an instant, read text, or a lead rule from the event. */
function baseOf(kind: RouteKind): fc.Arbitrary<SendBody> {
  // Mostly none: a source also records a lead rule, which would hide a rule left out elsewhere.
  const source = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 3 },
    {
      arbitrary: fc.record({
        app: fc.constantFrom('calendar', 'todo'),
        key: fc.constant(SOURCE_KEY),
        collection: fc.option(fc.constantFrom('work', 'home'), { nil: undefined }),
        id: fc.option(fc.constantFrom('1', '2'), { nil: undefined }),
      }),
      weight: 1,
    },
  );
  const repeat = fc.record({
    rule: fc.constantFrom(...RULES),
    timeZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
  });
  const at = fc
    .record({
      scheduledAt: fc.tuple(hours, offset).map(([h, o]) => instant(h, o)),
      extra: fc.oneof(
        fc.record({ source }),
        ...(kind === 'single' ? [fc.record({ repeat })] : []),
        fc.record({ eventAt: fc.constant(instant(20_000, 'Z')) }),
      ),
    })
    .map(({ scheduledAt, extra }) => ({ scheduledAt, ...extra }));
  // With expiresAt = eventAt, so that moving the rule's anchor keeps the send instant: the rule
  // must count by itself, not only through the instant it derives.
  const lead = fc
    .record({ at: fc.tuple(hours, offset), rule: fc.constantFrom('lead:3600', 'lead:600'), source })
    .map(({ at: [h, o], rule, source: s }) =>
      clean({ eventAt: instant(h + 100, o), expiresAt: instant(h + 100, o), rule, source: s }),
    );
  const when = fc.record({
    when: fc.constantFrom(...PHRASES),
    timeZone: fc.option(fc.constantFrom(...ZONES), { nil: undefined }),
    repeat: fc.option(repeat, { nil: undefined }),
  });
  const timing = kind === 'single' ? fc.oneof(at, lead, when) : fc.oneof(at, lead);
  return fc
    .tuple(common, timing)
    .map(([{ channels, ...rest }, t]) => clean({ ...rest, ...channels, ...t }));
}

/** Drops fields left undefined (a client leaves them out). */
function clean(body: SendBody): SendBody {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** Changes of one field. */
interface Change {
  readonly field: string;
  readonly arbitrary: fc.Arbitrary<OneFieldChanged>;
}

/** The changes that keep `base` valid: of each field it has or may have. */
function changesOf(base: SendBody, kind: RouteKind): Change[] {
  const change = (field: string, value: fc.Arbitrary<unknown>): Change => ({
    field,
    arbitrary: value.map((v) => ({ field, base, changed: withField(base, field, v) })),
  });
  const out = [
    change(
      'title',
      text.filter((t) => t !== base.title),
    ),
    change(
      'message',
      text.filter((t) => t !== base.message),
    ),
    change('url', another([undefined, 'https://example.org/other'], base.url)),
    change('priority', fc.constant(base.priority === 'high' ? undefined : 'high')),
    change('escalate', another([undefined, ...ESCALATIONS], base.escalate)),
    change('fallback', another([undefined, ...FALLBACKS], base.fallback)),
  ];
  const channelForm = CHANNEL_FORMS.find(
    (form) => form.channel === base.channel && form.channels === base.channels,
  );
  out.push({
    field: 'channels',
    arbitrary: fc.constantFrom(...CHANNEL_FORMS.filter((f) => f !== channelForm)).map((form) => ({
      field: 'channels',
      base,
      changed: {
        ...withField(withField(base, 'channel', undefined), 'channels', undefined),
        ...form,
      },
    })),
  });
  if (base.scheduledAt !== undefined) {
    const at = Date.parse(base.scheduledAt as string);
    out.push(
      change(
        'scheduledAt',
        fc.integer({ min: 1, max: 50 }).map((h) => new Date(at + h * 60_000).toISOString()),
      ),
    );
  }
  if (base.when !== undefined) {
    out.push(change('when', another(PHRASES, base.when as string)));
    out.push(change('timeZone', another([undefined, ...ZONES], base.timeZone as string)));
  }
  if (base.rule !== undefined) {
    const rule = base.rule as string;
    const eventAt = Date.parse(base.eventAt as string);
    const later = (from: number) =>
      fc.integer({ min: 1, max: 50 }).map((m) => new Date(from + m * 60_000).toISOString());
    out.push(
      change(
        'rule',
        base.expiresAt !== undefined && Date.parse(base.expiresAt as string) === eventAt
          ? fc.constant(`${rule}@expiry`) // the same send instant, from the other anchor
          : another(['lead:3600', 'lead:600', 'lead:60'], rule),
      ),
    );
    out.push(change('eventAt', later(eventAt)));
    out.push(
      change(
        'expiresAt',
        base.expiresAt === undefined
          ? fc.constant(instant(30_000, 'Z'))
          : fc.oneof(fc.constant(undefined), later(Date.parse(base.expiresAt as string))),
      ),
    );
  } else if (base.repeat === undefined) {
    out.push(change('eventAt', another([undefined, instant(20_001, 'Z')], base.eventAt as string)));
    out.push(change('expiresAt', fc.constant(instant(30_000, 'Z'))));
  }
  if (base.repeat !== undefined) {
    const repeat = base.repeat as { rule: string; timeZone?: string };
    out.push(change('repeat', fc.constant(undefined)));
    out.push(
      change(
        'repeat',
        another(RULES, repeat.rule).map((rule) => ({ ...repeat, rule })),
      ),
    );
    out.push(
      change(
        'repeat',
        another([undefined, ...ZONES], repeat.timeZone).map((timeZone) =>
          clean({ ...repeat, timeZone }),
        ),
      ),
    );
  } else if (
    kind === 'single' &&
    base.eventAt === undefined &&
    base.source === undefined &&
    base.rule === undefined
  ) {
    out.push(
      change(
        'repeat',
        fc.constantFrom(...RULES).map((rule) => ({ rule })),
      ),
    );
  }
  const source = base.source as Record<string, string> | undefined;
  if (source !== undefined) {
    const part = (name: string, values: (string | undefined)[]): Change => ({
      field: `source.${name}`,
      arbitrary: another(values, source[name]).map((v) => ({
        field: `source.${name}`,
        base,
        changed: { ...base, source: clean({ ...source, [name]: v }) },
      })),
    });
    out.push(part('app', ['calendar', 'todo']));
    out.push(part('key', [SOURCE_KEY, `${SOURCE_KEY}-b`]));
    out.push(part('collection', [undefined, 'work', 'home']));
    out.push(part('id', [undefined, '1', '2']));
  } else if (base.repeat === undefined && base.when === undefined) {
    out.push(change('source', fc.constant({ app: 'calendar', key: SOURCE_KEY })));
  }
  return out;
}

/**
 * A valid send request and the same request with ONE field changed to another valid value
 * (added, removed or replaced). Source keys start with {@link SOURCE_KEY}: give each run its
 * own ({@link withRunSourceKey}), since a source key can be used once. What counts as
 * the same is left out: another offset for the same instant, `channel: "x"` for
 * `channels: ["x"]`, `priority: "normal"` for none, `60m` for `1h`.
 */
export function oneFieldChanged(kind: RouteKind, field: string): fc.Arbitrary<OneFieldChanged> {
  const changesOfField = (base: SendBody): Change[] =>
    changesOf(base, kind).filter((c) => c.field === field);
  // Only bases the field can change in (`when` needs a request made with `when`, …).
  return baseOf(kind)
    .filter((base) => changesOfField(base).length > 0)
    .chain((base) => fc.oneof(...changesOfField(base).map((c) => c.arbitrary)));
}

/** Every field a request to the route may change in (`source.app` for a field of `source`). */
export const FIELDS: Readonly<Record<RouteKind, readonly string[]>> = {
  single: [
    ...['title', 'message', 'url', 'priority', 'channels', 'scheduledAt', 'when', 'timeZone'],
    ...['escalate', 'fallback'],
    ...['rule', 'eventAt', 'expiresAt', 'repeat', 'source'],
    ...['source.app', 'source.key', 'source.collection', 'source.id'],
  ],
  batch: [
    ...['title', 'message', 'url', 'priority', 'channels', 'scheduledAt'],
    ...['escalate', 'fallback'],
    ...['rule', 'eventAt', 'expiresAt', 'source'],
    ...['source.app', 'source.key', 'source.collection', 'source.id'],
  ],
};

/** `body` with its source key (if any) made unique to run `run`. */
export function withRunSourceKey(body: SendBody, run: number): SendBody {
  const source = body.source as { key: string } | undefined;
  return source === undefined
    ? body
    : { ...body, source: { ...source, key: `${source.key}-${run}` } };
}
