// Worker thread entry of the calendar import: reads one file per message and answers its
// outcome. It runs apart from the daemon's event loop, under a heap limit, and the daemon stops
// it when it runs past its time limit (ical.js can loop for ever inside one step of a rule that
// never matches, e.g. FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30).
import { parentPort } from 'node:worker_threads';
import { type ImportSettings } from '../../application/ports/ics-importer.port';
import { importIcs } from './import-ics';

parentPort?.on('message', (message: { text: string; settings: ImportSettings }) => {
  parentPort?.postMessage(importIcs(message.text, message.settings));
});
