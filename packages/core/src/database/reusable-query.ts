import {
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';

/** Marks a parameter position while the query is compiled once; never reaches the database. */
const SLOT_PREFIX = '\u0000reusable-query-slot:';

type Slot<P> = { readonly name: keyof P } | { readonly constant: unknown };

interface Compiled<P> {
  readonly sql: string;
  readonly query: RootOperationNode;
  readonly queryId: QueryId;
  readonly slots: readonly Slot<P>[];
}

/**
 * A statement of fixed shape that kysely builds and compiles once per dialect, then runs with
 * new values. Building and compiling a one-row INSERT through kysely costs more CPU than
 * SQLite spends running it (≈ 30 % of a `SendNotification`, see docs/benchmarks.md); hot
 * paths that always write the same columns use this instead.
 *
 * `build` receives an object whose every property is a marker string standing for that named
 * value; each marker must end up as one whole bound parameter (a column value, a `where`
 * operand) — not inside an `in` list, `sql.raw` or any expression that reads the value.
 * The first compile checks that every name appears, so a misuse fails on first call.
 */
export class ReusableQuery<P extends object, R = unknown> {
  /** Keyed by the dialect adapter: one Kysely instance (and its transactions) shares one. */
  private readonly compiled = new WeakMap<object, Compiled<P>>();

  constructor(
    private readonly names: readonly (keyof P & string)[],
    private readonly build: (db: Kysely<unknown>, values: P) => Compilable<R>,
  ) {}

  /** Runs the statement on `db` (a transaction's handle or the root) with `values`. */
  async execute(db: Kysely<unknown>, values: P): Promise<QueryResult<R>> {
    const compiled = this.compiledFor(db);
    const parameters = compiled.slots.map((slot) =>
      'name' in slot ? values[slot.name] : slot.constant,
    );
    const query: CompiledQuery<R> = {
      sql: compiled.sql,
      parameters,
      query: compiled.query,
      queryId: compiled.queryId,
    };
    return db.executeQuery(query);
  }

  private compiledFor(db: Kysely<unknown>): Compiled<P> {
    const key = db.getExecutor().adapter;
    const known = this.compiled.get(key);
    if (known) {
      return known;
    }
    const markers = Object.fromEntries(
      this.names.map((name) => [name, SLOT_PREFIX + name]),
    ) as unknown as P;
    const query = this.build(db, markers).compile();
    const seen = new Set<string>();
    const slots = query.parameters.map((parameter): Slot<P> => {
      if (typeof parameter === 'string' && parameter.startsWith(SLOT_PREFIX)) {
        // Markers are only ever made from `names`, so the text after the prefix is one of them.
        const name = parameter.slice(SLOT_PREFIX.length) as keyof P & string;
        seen.add(name);
        return { name };
      }
      return { constant: parameter };
    });
    const missing = this.names.filter((name) => !seen.has(name));
    if (missing.length > 0 || query.sql.includes(SLOT_PREFIX)) {
      throw new Error(
        `reusable query: ${missing.length > 0 ? `values ${missing.join(', ')} are not bound parameters` : 'a marker was inlined into the SQL text'}`,
      );
    }
    const compiled: Compiled<P> = {
      sql: query.sql,
      query: query.query,
      queryId: query.queryId,
      slots,
    };
    this.compiled.set(key, compiled);
    return compiled;
  }
}
