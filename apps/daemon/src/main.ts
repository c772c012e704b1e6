#!/usr/bin/env node
import { runDaemon, runMigrate } from './index';

// `migrate …` copies a SQLite file into PostgreSQL (docs/operations.md); no word runs the daemon.
void (process.argv[2] === 'migrate' ? runMigrate(process.argv.slice(3)) : runDaemon());
