/** Reported in the OpenAPI document; follows apps/daemon/package.json. */
export const DAEMON_VERSION = '0.1.0';
