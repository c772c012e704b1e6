import { type Page } from '@tickler/notifications';
import { CliError } from '../cli.error';
import { type CommandContext } from '../command-context';

/** What resolving needs of a command's context: the client and whose ids (MCP passes its own). */
export type IdSource = Pick<CommandContext, 'client' | 'user' | 'userPath'>;
import { idsMatching, isFullId, isShortIdText } from './short-id';

/** What a command was given to name one notification (or inbox item). */
export interface IdChoice {
  /** The `<id>` argument: a full id, or 4–12 hex digits of it. */
  readonly id?: string;
  /** `--last`: the most recently created one. */
  readonly last?: boolean;
}

/** Where the ids a short id is looked up among live. */
export type IdKind = 'notification' | 'inbox item' | 'token';

/** Most ids walked to resolve a short id: 25 pages of 200 (a person's list, not a server's). */
export const MAX_IDS_SEARCHED = 5_000;
const PAGE = 200;

interface Named {
  readonly id: string;
  readonly title: string;
}

/** Every id of the user's notifications (or inbox), page by page, up to {@link MAX_IDS_SEARCHED}. */
async function allOf(ctx: IdSource, kind: IdKind): Promise<Named[]> {
  if (kind === 'token') {
    // A person holds a handful of tokens: the list is one unpaged answer.
    const { items } = await ctx.client.call<{ items: { id: string; createdAt: string }[] }>(
      'GET',
      `${ctx.userPath}/tokens`,
    );
    return items.map(({ id, createdAt }) => ({ id, title: `created ${createdAt}` }));
  }
  const base = `${ctx.userPath}/${kind === 'notification' ? 'notifications' : 'inbox'}`;
  const found: Named[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(PAGE) });
    if (cursor !== null) {
      query.set('cursor', cursor);
    }
    const page: Page<Named> = await ctx.client.call<Page<Named>>(
      'GET',
      `${base}?${query.toString()}`,
    );
    found.push(...page.items.map(({ id, title }) => ({ id, title })));
    cursor = page.nextCursor;
    if (cursor !== null && found.length >= MAX_IDS_SEARCHED) {
      throw new CliError(
        `more than ${MAX_IDS_SEARCHED} ${kind}s to search: give the full id (tickler list --json shows it)`,
        2,
      );
    }
  } while (cursor !== null);
  return found;
}

/** `019ad7f2-…-1b2c3d7f3a2c "stretch"` for an ambiguity message. */
function describe(item: Named): string {
  const title = item.title.length > 30 ? `${item.title.slice(0, 29)}…` : item.title;
  return `${item.id} "${title}"`;
}

/**
 * The full id a command acts on: a full id as given; a short one looked up git-style among the
 * user's ids (a unique suffix or prefix of 4–12 hex digits; ambiguous or unknown is a one-line
 * error); `--last` the most recently created (UUIDv7 ids sort by creation time).
 */
export async function resolveId(ctx: IdSource, kind: IdKind, choice: IdChoice): Promise<string> {
  if ((choice.id === undefined) === (choice.last !== true)) {
    throw new CliError(`name one ${kind}: its id (as tickler list shows it) or --last`, 2);
  }
  if (choice.id !== undefined && isFullId(choice.id)) {
    return choice.id.toLowerCase();
  }
  if (choice.id !== undefined && !isShortIdText(choice.id)) {
    throw new CliError(
      `"${choice.id.slice(0, 40)}" is not an id: give the 6 characters tickler list shows (any 4–12 hex digits of it), the full id, or --last`,
      2,
    );
  }
  const all = await allOf(ctx, kind);
  if (choice.id === undefined) {
    const newest = all.reduce<Named | undefined>((a, b) => (a && a.id > b.id ? a : b), undefined);
    if (!newest) {
      throw new CliError(`no ${kind}s yet`);
    }
    return newest.id;
  }
  const matches = idsMatching(
    choice.id,
    all.map((item) => item.id),
  );
  if (matches.length === 0) {
    throw new CliError(`no ${kind} of ${ctx.user} matches ${choice.id}`);
  }
  if (matches.length > 1) {
    const listed = all.filter((item) => matches.includes(item.id));
    const shown = listed.slice(0, 5).map(describe).join(', ');
    const more = listed.length > 5 ? ` and ${listed.length - 5} more` : '';
    throw new CliError(`${choice.id} is ambiguous: ${shown}${more}; type more of the id`, 2);
  }
  return matches[0]!;
}
