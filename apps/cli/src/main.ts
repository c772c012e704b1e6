#!/usr/bin/env node
import { runCli } from './run-cli';

void runCli(process.argv);
