import type { Plugin } from 'vite';

const DEVELOPMENT = '/react-router/dist/development/';
const PRODUCTION = '/react-router/dist/production/';

/**
 * React Router 7's package exports name only its development build, so a Vite build ships its
 * dev warnings and checks (remix-run/react-router#14102, open). The production build sits beside
 * it with the same files; the build takes that one. Build only: dev and tests keep the warnings.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'ridebook:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
      return { ...resolved, id: resolved.id.replace(DEVELOPMENT, PRODUCTION) };
    },
  };
}
