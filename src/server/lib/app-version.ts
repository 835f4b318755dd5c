import { readFile } from 'node:fs/promises';

/** The version in package.json, which the server runs beside (src/ is run, not bundled). */
export async function appVersion(): Promise<string> {
  const text = await readFile(new URL('../../../package.json', import.meta.url), 'utf8');
  const { version } = JSON.parse(text) as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}
