/** The logging port: pino's call shape (`logger.info({ fields }, 'message')`). */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const nothing = (): void => undefined;

/** Discards everything (tests, library use without a logger). */
export const silentLogger: Logger = {
  debug: nothing,
  info: nothing,
  warn: nothing,
  error: nothing,
};
