import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type DaemonServer } from '../build-server';
import { HttpBoundaryError } from '../http.errors';
import { type WebAsset, type WebAssets } from './web-assets';

/** Paths that are never the page: the API and the system routes keep their JSON 404. */
const NOT_THE_PAGE = /^\/(?:v1|healthz|metrics|openapi\.json)(?:\/|$)/;

function send(request: FastifyRequest, reply: FastifyReply, asset: WebAsset): FastifyReply {
  void reply
    .header('etag', asset.etag)
    .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    .type(asset.contentType);
  if (request.headers['if-none-match'] === asset.etag) {
    return reply.status(304).send();
  }
  return reply.status(200).send(asset.body);
}

/**
 * Serves the built web app at `/`: its files by exact path, and `index.html` for any other
 * page path (the app routes in the browser), so a reload on a deep link works. Without a build
 * the page answers 404 saying how to build it; the API is unaffected either way.
 */
export function registerWebApp(
  server: DaemonServer,
  assets: WebAssets | undefined,
  maxPathSegment: number,
): void {
  const handler = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.split('/').some((segment) => segment.length > maxPathSegment)) {
      // What the router says for an API path it could not match for the same reason.
      throw new HttpBoundaryError(
        'HTTP.URI_TOO_LONG',
        `a path segment is longer than ${maxPathSegment} characters`,
      );
    }
    if (NOT_THE_PAGE.test(urlPath)) {
      throw new HttpBoundaryError('HTTP.ROUTE_NOT_FOUND', `no route ${request.method} ${urlPath}`);
    }
    if (assets === undefined) {
      throw new HttpBoundaryError(
        'HTTP.ROUTE_NOT_FOUND',
        'the web app is not built here: run `npm run build` (or set TICKLER_WEB_DIR)',
      );
    }
    const exact = assets.get(urlPath === '/' ? '/index.html' : urlPath);
    if (exact !== undefined) {
      return send(request, reply, exact);
    }
    const lastSegment = urlPath.slice(urlPath.lastIndexOf('/') + 1);
    if (lastSegment.includes('.')) {
      // A missing file (an old hashed asset): the page would be the wrong answer.
      throw new HttpBoundaryError('HTTP.ROUTE_NOT_FOUND', `no file ${urlPath.slice(0, 200)}`);
    }
    return send(request, reply, assets.get('/index.html')!);
  };
  server.route({ method: ['GET', 'HEAD'], url: '/', handler });
  server.route({ method: ['GET', 'HEAD'], url: '/*', handler });
}
