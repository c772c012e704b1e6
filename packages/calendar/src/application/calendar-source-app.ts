/** The notifications source app of every calendar reminder (the page's badge). */
export const CALENDAR_SOURCE_APP = 'calendar';
