import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { parseWhen } from '../api/reminders';
import { previewText } from './day-groups';

/** Typing pauses this long before the daemon is asked for a preview. */
const PREVIEW_DELAY_MS = 250;

/** What a "when" field shows under itself while the person types. */
export interface WhenPreview {
  /** "Thu 4 Dec, 09:00 — in 2 days", once the daemon read the text. */
  readonly preview: string | null;
  /** The daemon's words about the text when it could not read it. */
  readonly error: string | null;
}

/**
 * The live preview of a natural-language time (the remind form's When, Edit's New time, a custom
 * Snooze): the daemon's parser reads `when` in `timeZone` a moment after typing stops. Empty
 * text previews nothing.
 */
export function useWhenPreview(when: string, timeZone: string): WhenPreview {
  const [state, setState] = useState<WhenPreview>({ preview: null, error: null });
  useEffect(() => {
    setState({ preview: null, error: null });
    if (when.trim() === '') {
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      parseWhen(when, timeZone).then(
        (resolved) => {
          if (current) {
            setState({ preview: previewText(resolved.instant, Date.now(), timeZone), error: null });
          }
        },
        (error: Error) => {
          if (current) {
            setState({ preview: null, error: whenMessage(error) });
          }
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [when, timeZone]);
  return state;
}

/** The daemon's words about `field` (default `when`), else its message. */
export function whenMessage(error: Error, field = 'when'): string {
  return error instanceof ApiError ? (error.fieldMessage(field) ?? error.message) : error.message;
}
