import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { CommandValidationError, scanJsonLimits } from '@tickler/core';
import { HttpBoundaryError } from '../http.errors';

/** Stands in for a route without a command: no declared arrays, the default limits. */
class NoFields {}

/** The command whose limits bound a route's body (set as the fastify route's config). */
export interface BodyLimitConfig {
  readonly limitsOf?: new () => object;
}

/** The part of a fastify instance that registers body parsers. */
export type ParserHost = Pick<
  FastifyInstance,
  'getDefaultJsonParser' | 'removeContentTypeParser' | 'addContentTypeParser'
>;

/** `charset` of a content type, lower case, if it names one. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * Replaces fastify's JSON parser with one that first refuses a charset other than UTF-8 (415:
 * the body would otherwise be read as UTF-8 whatever it says), then scans the raw text against
 * the route's command limits (array entries, nesting depth, number of values) before
 * `JSON.parse` builds anything, then parses with fastify's own parser (prototype-poisoning
 * checks included).
 */
export function installJsonBodyParser(server: ParserHost): void {
  const parse = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(
          new HttpBoundaryError(
            'HTTP.UNSUPPORTED_MEDIA_TYPE',
            `charset=${charset.slice(0, 40)} is not accepted: send the JSON body as UTF-8`,
          ),
          undefined,
        );
        return;
      }
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const command = (request.routeOptions.config as BodyLimitConfig).limitsOf ?? NoFields;
      const problem = scanJsonLimits(command, text);
      if (problem !== undefined) {
        done(new CommandValidationError('body', [problem]), undefined);
        return;
      }
      void parse(request, text, done);
    },
  );
}
