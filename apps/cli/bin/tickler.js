#!/usr/bin/env node
// Committed launcher for the `tickler` bin. npm links bins at install time, before anything
// is built, and silently skips a bin whose file does not exist yet, so the bin cannot point at
// dist/ directly; this file always exists and hands over to the built CLI.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const built = path.join(__dirname, '..', 'dist', 'main.js');
if (!fs.existsSync(built)) {
  process.stderr.write(
    'tickler: the CLI is not built yet; run `npm run build` (or `npm start`) in the repository first\n',
  );
  process.exit(1);
}
require(built);
