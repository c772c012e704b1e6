import { ConfigError } from './config.error';

/**
 * Reads a URL setting whose scheme must be one of `protocols` (e.g. `['smtp:', 'smtps:']`),
 * answering a {@link ConfigError} naming `key` with an example of the expected shape.
 */
export function parseUrlSetting(
  key: string,
  text: string,
  protocols: readonly string[],
  example: string,
): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(key, `is not a URL like ${example}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(key, `must start with ${protocols[0]}// (got ${url.protocol}//)`);
  }
  return url;
}
