import { type NotificationJson, type RepeatView } from '@tickler/notifications';
import { type Schema } from '../route';
import { ref } from './command-schemas';
import { viewSchema } from './view-declaration';

// Answers about recurring series and times (issue 13): the `repeat` of a notification, its
// occurrences, and a parsed time.

const REPEAT = viewSchema<RepeatView>()(
  {
    seriesId: { type: 'string' },
    rule: { type: 'string', examples: ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'] },
    timeZone: { type: 'string', examples: ['Europe/Berlin'] },
    description: { type: 'string', examples: ['every weekday at 09:00'] },
    status: { enum: ['active', 'ended', 'canceled'] },
    currentId: { type: ['string', 'null'] },
  },
  ['seriesId', 'rule', 'timeZone', 'description', 'status', 'currentId'],
  { description: 'Present on a row of a recurring series (create, get, edit, cancel answers).' },
);

const OCCURRENCES: Schema = {
  type: 'object',
  properties: {
    repeat: ref('Repeat'),
    recorded: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          number: { type: 'integer' },
          instant: { type: 'string', format: 'date-time' },
          outcome: { enum: ['scheduled', 'sent', 'missed', 'failed', 'canceled'] },
          reason: { type: ['string', 'null'], examples: ['too-late', 'superseded', 'requested'] },
          notificationId: { type: ['string', 'null'] },
          recordedAt: { type: 'string', format: 'date-time' },
        },
      },
    },
    upcoming: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          instant: { type: 'string', format: 'date-time' },
          local: { type: 'string', examples: ['2026-03-30T09:00:00'] },
          offset: { type: 'string', examples: ['+02:00'] },
          gapShiftMinutes: { type: 'integer' },
          repeated: { type: 'boolean' },
        },
      },
    },
  },
};

const PARSED_TIME = viewSchema<NonNullable<NotificationJson['resolvedWhen']>>()(
  {
    instant: { type: 'string', format: 'date-time' },
    timeZone: { type: 'string' },
    local: { type: 'string' },
    offset: { type: 'string' },
    readAs: { enum: ['local', 'from-now', 'instant'] },
    gapShiftMinutes: { type: 'integer' },
    repeated: { type: 'boolean' },
    defaultTimeApplied: { type: 'boolean' },
  },
  [
    'instant',
    'timeZone',
    'local',
    'offset',
    'readAs',
    'gapShiftMinutes',
    'repeated',
    'defaultTimeApplied',
  ],
);

/** The series and time answers by name in `components.schemas`. */
export const SERIES_VIEW_SCHEMAS: Readonly<Record<string, Schema>> = {
  Repeat: REPEAT,
  Occurrences: OCCURRENCES,
  ParsedTime: PARSED_TIME,
};
