import { type Command } from 'commander';
import { contextOf } from '../command-context';
import { findBrowserOpener, openInBrowser } from '../open/browser-opener';
import { webTokenFor } from '../open/web-sign-in';

/**
 * `tickler open [--print]`: the web page, signed in as `--user`. The browser gets
 * `<daemon>/#token=<user token>` once; the page exchanges it for its session cookie and removes
 * it from the address bar (docs/web.md). Without a browser opener (`$BROWSER`, `xdg-open`,
 * `open`), or with `--print`, the URL is printed to open by hand. Never the admin token.
 */
export function openCommand(program: Command): void {
  program
    .command('open')
    .description(
      'open the web page in your browser, signed in as --user (prints the URL when no browser opener is found)',
    )
    .option('--print', 'print the sign-in URL instead of opening a browser')
    .action(async (options: { print?: boolean }, command: Command) => {
      const ctx = contextOf(command);
      const web = await webTokenFor(ctx.connection, ctx.client, ctx.user);
      if (ctx.verbose) {
        ctx.out.note(
          web.how === 'your token'
            ? 'signing in with the user token given'
            : `signing in with a user token ${web.how === 'saved' ? 'kept' : 'issued and kept'}${web.file ? ` in ${web.file}` : ''}`,
        );
      }
      const page = `${ctx.connection.url}/`;
      const url = `${page}#token=${web.token}`;
      const opener = options.print ? undefined : findBrowserOpener();
      if (opener !== undefined) {
        try {
          await openInBrowser(opener, url);
          ctx.out.result(
            { opened: true, url: page, user: ctx.user },
            () => `opened ${page} in your browser, signed in as ${ctx.user}`,
          );
          return;
        } catch (error) {
          ctx.out.warn(`${opener.name} could not open the page (${(error as Error).message})`);
        }
      } else if (!options.print) {
        ctx.out.warn('no browser opener found ($BROWSER, xdg-open): open this URL yourself');
      }
      // The URL holds a user token: it signs in once, and the page removes it.
      ctx.out.result({ opened: false, url, user: ctx.user }, () => url);
    });
}
