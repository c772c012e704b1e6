import { type Schema } from '../route';
import { ref } from './command-schemas';

// The calendar context's answers, for the OpenAPI document (its request bodies are its routes'
// commands, calendar.routes.ts).

const nullableInstant = { type: ['string', 'null'], format: 'date-time' };
const nullableString = { type: ['string', 'null'] };

const CALENDAR: Schema = {
  type: 'object',
  required: ['id', 'userId', 'name', 'source', 'kind', 'leads', 'enabled'],
  properties: {
    id: { type: 'string' },
    userId: { type: 'string' },
    name: { type: 'string' },
    source: { type: 'string', description: 'An https URL, or an absolute path (admin only).' },
    kind: { enum: ['file', 'url'] },
    leads: { type: 'array', items: { type: 'string', examples: ['lead:900'] } },
    lead: { type: 'string', examples: ['15m, 1h'] },
    enabled: { type: 'boolean' },
    timeZone: nullableString,
    allDayAt: { type: 'string', examples: ['09:00'] },
    allDayDaysBefore: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    syncedAt: nullableInstant,
    lastError: nullableString,
    eventCount: { type: 'integer' },
    reminderCount: { type: 'integer' },
    lastRemindedAt: nullableInstant,
  },
};

const EVENT: Schema = {
  type: 'object',
  properties: {
    instanceKey: { type: 'string' },
    title: { type: 'string' },
    eventAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    reminders: { type: 'array', items: { type: 'string', format: 'date-time' } },
    lastRemindedAt: nullableInstant,
    remindedCount: { type: 'integer' },
  },
};

/** Answers of the calendar routes. */
export const CALENDAR_VIEW_SCHEMAS: Readonly<Record<string, Schema>> = {
  Calendar: CALENDAR,
  CalendarList: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('Calendar') } },
  },
  CalendarSyncResult: {
    type: 'object',
    properties: {
      calendar: ref('Calendar'),
      changed: { type: 'boolean' },
      reminders: {
        type: ['object', 'null'],
        properties: Object.fromEntries(
          ['created', 'updated', 'unchanged', 'withdrawn', 'pruned'].map((k) => [
            k,
            { type: 'integer' },
          ]),
        ),
      },
    },
  },
  CalendarEvent: EVENT,
  CalendarEventList: {
    type: 'object',
    properties: { items: { type: 'array', items: ref('CalendarEvent') } },
  },
  CalendarFeed: {
    type: 'object',
    properties: {
      token: { type: 'string' },
      path: { type: 'string' },
      url: { type: 'string' },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
};
