import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/paths';
import { API_HEADERS, startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';

const INDEX_HTML = '<!doctype html><html><head><title>RideBook</title></head><body></body></html>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const SALOON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A small stand-in for `npm run build`: shell, a hashed asset with .br/.gz, worker, manifest. */
async function writeFakeBuild(dist: string, storage: string): Promise<void> {
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'index-3f9a1c.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"RideBook"}');
  await writeFile(path.join(dist, 'driver.webmanifest'), '{"name":"RideBook Driver"}');
  await writeFile(path.join(dist, 'favicon.svg'), SALOON_SVG);
  await mkdir(path.join(storage, 'vehicles'), { recursive: true });
  await writeFile(path.join(storage, 'vehicles', 'saloon.svg'), SALOON_SVG);
}

describe.each(testDatabaseKinds())('web app serving on %s', (kind) => {
  let t: TestApp;
  let bare: TestApp;
  let tmp: { dir: string; remove(): Promise<void> };

  beforeAll(async () => {
    tmp = await tempDir('ridebook-web');
    const dist = path.join(tmp.dir, 'dist');
    const storage = path.join(tmp.dir, 'storage');
    await writeFakeBuild(dist, storage);
    [t, bare] = await Promise.all([
      startTestApp(kind, { env: { DIST_DIR: dist, STORAGE_DIR: storage } }),
      startTestApp(kind, { env: { DIST_DIR: path.join(tmp.dir, 'never-built') } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), bare?.close()]);
    await tmp?.remove();
  });

  it('serves the app shell at / and revalidates it on every load', async () => {
    const res = await t.app.inject({ url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a deep link to a client route with the app shell', async () => {
    for (const url of [
      '/quotationview',
      '/personalDetailView?step=2',
      '/manage-booking/71000001',
    ]) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an address that is no page 404 "Page not found", with the shell that links home', async () => {
    for (const url of [
      '/no/such/page',
      '/corporate/bookings/42',
      '/manage-booking/1/2',
      '/loginx',
    ]) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      // The app's shell, whose router shows the page and the link home (e2e shell.test.ts).
      expect(res.body).toBe(INDEX_HTML.replace('RideBook', 'Page not found — RideBook UK'));
    }
    // Without a build, a page of its own says the same and links home.
    const bareMiss = await bare.app.inject({ url: '/no/such/page', headers: html });
    expect(bareMiss.statusCode).toBe(404);
    expect(bareMiss.body).toContain('<h1>Page not found</h1>');
    expect(bareMiss.body).toContain('<a href="/">Go to the home page</a>');
  });

  it('gives a missing asset a 404, never the app shell', async () => {
    const script = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    const asHtml = await t.app.inject({ url: '/assets/missing.js', headers: html });
    expect(asHtml.statusCode).toBe(404);
    expect(asHtml.body).not.toContain('<html');
    const image = await t.app.inject({ url: '/storage/vehicles/missing.svg', headers: html });
    expect(image.statusCode).toBe(404);
  });

  it('does not answer a non-GET navigation with the shell', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/quotationview', headers: html });
    expect(res.statusCode).toBe(404);
  });

  it('sends the pre-compressed twin of a hashed asset and lets browsers keep it for a year', async () => {
    const br = await t.app.inject({
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await t.app.inject({
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ url: '/assets/index-3f9a1c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('makes the service worker and manifests revalidate, so updates reach installed apps', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/driver.webmanifest']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    // Pages that name no icon make browsers ask for /favicon.ico: it leads to the SVG, not a 404.
    const legacy = await t.app.inject({ url: '/favicon.ico', headers: { accept: 'image/*' } });
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe('/favicon.svg');
  });

  it('serves vehicle images from storage with a day-long cache', async () => {
    const res = await t.app.inject({ url: '/storage/vehicles/saloon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toBe(SALOON_SVG);
  });

  it('refuses to walk out of the storage directory', async () => {
    const res = await t.app.inject({ url: '/storage/..%2f..%2fetc%2fpasswd' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.body).not.toContain('root:');
  });

  it('still serves the API, and says how to build, when the web app is not built', async () => {
    const nav = await bare.app.inject({ url: '/quotationview', headers: html });
    expect(nav.statusCode).toBe(503);
    expect(nav.body).toContain('npm run build');
    const api = await bare.app.inject({ url: `${API_BASE}/fetch_companies`, headers: API_HEADERS });
    expect(api.statusCode).toBe(200);
    const missing = await bare.app.inject({ url: '/assets/app.js' });
    expect(missing.statusCode).toBe(404);
  });
});
