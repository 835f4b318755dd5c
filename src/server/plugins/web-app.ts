import { existsSync, mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute } from '../../contract/app-routes';
import { MESSAGES, PAGE_NOT_FOUND } from '../../domain/messages';

/** Files that must be revalidated on every load, or a new release never reaches the browser. */
const ALWAYS_REVALIDATE = new Set([
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'driver.webmanifest',
]);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const STORAGE_CACHE = 'public, max-age=86400';
const ICON_REDIRECT_CACHE = 'public, max-age=86400';

const NOT_BUILT =
  'The web app has not been built yet. Run `npm run build`, then restart the server.';

function isDirectory(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/** Cache policy by file: hashed assets forever, the shell and worker never without a check. */
function distCacheControl(filePath: string, distDir: string): string {
  const logical = filePath.replace(/\.(br|gz|deflate)$/, '');
  const relative = path.relative(distDir, logical).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(relative)) return REVALIDATE;
  return SHORT;
}

function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function underPrefix(urlPath: string, prefix: string): boolean {
  return urlPath === prefix || urlPath.startsWith(`${prefix}/`);
}

/** A browser navigation to a page: of the app's, or an address inside the site that is none. */
function isNavigation(request: FastifyRequest, urlPath: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  return !['/api', '/storage', '/assets'].some((prefix) => underPrefix(urlPath, prefix));
}

/** `dir`, made if missing; undefined (with a warning) when it cannot be. */
function ensuredDirectory(app: FastifyInstance, dir: string): string | undefined {
  try {
    mkdirSync(dir, { recursive: true });
    return dir;
  } catch (err) {
    app.log.warn({ err, dir }, 'uploads directory unavailable; uploaded pictures are not served');
    return undefined;
  }
}

/**
 * Serves the built PWA from DIST_DIR (pre-compressed .br/.gz siblings when the client takes
 * them), the shipped vehicle images from STORAGE_DIR and the console's uploads (issue 33) from
 * `uploadsDir`, both under /storage/, and answers client-side routes with index.html. Unknown
 * /api paths get the JSON envelope's 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { distDir: string; storageDir: string; uploadsDir?: string },
): Promise<void> {
  const distDir = path.resolve(options.distDir);
  const storageDir = path.resolve(options.storageDir);
  const uploadsDir = options.uploadsDir && ensuredDirectory(app, path.resolve(options.uploadsDir));
  const built = isDirectory(distDir);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', distCacheControl(filePath, distDir));
        // The embed script is loaded by operators' own sites (EMBED_PARENT_ORIGINS).
        if (path.basename(filePath).startsWith('embed.js')) {
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
    // Browsers ask for /favicon.ico on pages that name no icon (a JSON answer opened in a tab,
    // an old bookmark); the app's icon is an SVG.
    app.get('/favicon.ico', async (_request, reply) =>
      reply.header('cache-control', ICON_REDIRECT_CACHE).redirect('/favicon.svg', 301),
    );
  } else {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
  }

  const storageRoots = [
    ...(isDirectory(storageDir) ? [storageDir] : []),
    ...(uploadsDir ? [uploadsDir] : []),
  ];
  if (storageRoots.length > 0) {
    await app.register(fastifyStatic, {
      root: storageRoots,
      prefix: '/storage/',
      decorateReply: !built,
      cacheControl: false,
      dotfiles: 'ignore',
      index: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        // An upload's name is new for each file, so its URL can be kept for a year.
        const uploaded =
          uploadsDir !== undefined && !path.relative(uploadsDir, filePath).startsWith('..');
        reply.header('cache-control', uploaded ? IMMUTABLE : STORAGE_CACHE);
      },
    });
  }

  // Unmatched routes and missing files both land here (@fastify/static calls callNotFound).
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request);
    if (isNavigation(request, urlPath)) {
      // One list of pages with the web router (contract/app-routes.ts): any other address is
      // a 404, never the home page with a 200 that search engines and links would keep.
      if (!isAppRoute(urlPath)) return notFoundPage(reply, built ? distDir : undefined);
      if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
      return reply.header('cache-control', REVALIDATE).sendFile('index.html', distDir);
    }
    if (underPrefix(urlPath, '/api')) {
      return reply.code(404).send({ success: false, message: MESSAGES.notFound });
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(MESSAGES.notFound);
  });
}

/** Minimal HTML for a 404 when there is no built app to carry it. */
const BARE_NOT_FOUND = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${PAGE_NOT_FOUND.title}</title></head>
<body><h1>${PAGE_NOT_FOUND.title}</h1><p>${PAGE_NOT_FOUND.text}</p>
<p><a href="/">${PAGE_NOT_FOUND.homeLink}</a></p></body></html>`;

/**
 * A 404 for an address that is no page: the app's shell, titled "Page not found", whose router
 * shows the page and the link home (web/app/layout/not-found-page.tsx); without a build, a bare
 * page saying the same.
 */
async function notFoundPage(reply: FastifyReply, distDir: string | undefined) {
  const shell = distDir
    ? await readFile(path.join(distDir, 'index.html'), 'utf8').catch(() => undefined)
    : undefined;
  const body = shell
    ? shell.replace(/<title>[^<]*<\/title>/, `<title>${PAGE_NOT_FOUND.title} — RideBook UK</title>`)
    : BARE_NOT_FOUND;
  return reply
    .code(404)
    .header('cache-control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .send(body);
}
