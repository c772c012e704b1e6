#!/usr/bin/env node
import { runDaemon } from './run-daemon';

void runDaemon();
