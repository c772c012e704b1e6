// Public surface of the CLI for processes that embed it (the packaged sidecar's `cli`
// subcommand); the `tickler` bin runs `main.ts`.
export { runCli } from './run-cli';
