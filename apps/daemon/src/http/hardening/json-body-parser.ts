import { type IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { CommandValidationError, JsonLimitScanner } from '@tickler/core';
import { HttpBoundaryError } from '../http.errors';
import { markBodyRefused } from './refused-body';

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

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Replaces fastify's JSON parser with one that refuses a charset other than UTF-8 (415: the
 * body would otherwise be read as UTF-8 whatever it says), and scans the body's bytes against
 * the route's command limits (array entries, nesting, number of values) AS THEY ARRIVE: an
 * oversized array is answered 400 from the chunk that shows it, and the connection closed,
 * instead of after receiving, decoding and parsing up to 8 MiB. A body within its limits is
 * parsed by fastify's own parser (prototype-poisoning checks included). The size limit and the
 * Content-Length checks are fastify's, kept as they were. Every refusal is marked
 * ({@link markBodyRefused}): its answer closes the connection after the rest is discarded.
 */
export function installJsonBodyParser(server: ParserHost): void {
  const parse = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser(
    'application/json',
    (request: FastifyRequest, payload: IncomingMessage, parsed: Done) => {
      const done: Done = (error, body) => {
        if (error !== null) {
          markBodyRefused(request.raw);
        }
        parsed(error, body);
      };
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(
          new HttpBoundaryError(
            'HTTP.UNSUPPORTED_MEDIA_TYPE',
            `charset=${charset.slice(0, 40)} is not accepted: send the JSON body as UTF-8`,
          ),
        );
        return;
      }
      const limit = request.routeOptions.bodyLimit ?? Infinity;
      const declared = Number(request.headers['content-length']);
      if (declared > limit) {
        done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      const command = (request.routeOptions.config as BodyLimitConfig).limitsOf ?? NoFields;
      const scanner = new JsonLimitScanner(command);
      const chunks: Buffer[] = [];
      let received = 0;
      const finish = (error: Error | null, body?: unknown): void => {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
        done(error, body);
      };
      const onData = (chunk: Buffer): void => {
        received += chunk.length;
        if (received > limit) {
          finish(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
          return;
        }
        const problem = scanner.feed(chunk);
        if (problem !== undefined) {
          // Answered now; the rest of the body is discarded (bounded) while the answer goes out.
          finish(new CommandValidationError('body', [problem]));
          return;
        }
        chunks.push(chunk);
      };
      const onEnd = (): void => {
        if (!Number.isNaN(declared) && received !== declared) {
          finish(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
          return;
        }
        const text = Buffer.concat(chunks, received).toString('utf8');
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        payload.removeListener('error', onError);
        void parse(request, text, done);
      };
      const onError = (error: Error): void => finish(Object.assign(error, { statusCode: 400 }));
      payload.on('data', onData);
      payload.on('end', onEnd);
      payload.on('error', onError);
    },
  );
}
