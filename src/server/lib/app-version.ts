import packageJson from '../../../package.json' with { type: 'json' };

/** The version in package.json (taken into the bundle when the server is bundled). */
export async function appVersion(): Promise<string> {
  const { version } = packageJson as { version?: unknown };
  return typeof version === 'string' ? version : 'unknown';
}
