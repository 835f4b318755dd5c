import type { FastifyInstance } from 'fastify';
import { RequestValidationError } from '../errors';
import type { ValidationIssue } from '../../contract/envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set by a route that refuses these characters itself, with its own message per field
     * (the submission forms: every control character, and 'Enter a valid email address' for
     * an email holding one); the guard then leaves its requests to it.
     */
    ownTextRules?: boolean;
  }
}

/**
 * Whether `text` holds NUL or half a surrogate pair: PostgreSQL refuses NUL in text and jsonb
 * and an unpaired surrogate in jsonb, so such a string reaching a query was a 5xx.
 */
function hasUnstorableCharacter(text: string): boolean {
  return text.includes('\0') || !text.isWellFormed();
}

/** The dotted paths of every string (or key) in `value` that the database could not store. */
function unstorablePaths(value: unknown, root: string): string[] {
  const found: string[] = [];
  // Without recursion: a deeply nested body must not overflow the stack.
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = pending.pop(); next && found.length < 10; next = pending.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (hasUnstorableCharacter(item)) found.push(path);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (hasUnstorableCharacter(key)) found.push(join(path, '(key)'));
        else pending.push({ value: child, path: join(path, key) });
      }
    }
  }
  return found;
}

/**
 * Refuses, with a 400 naming each field, any request whose body, query string or path
 * parameters hold text the database cannot store, before a route reads it, unless the route
 * has its own rules (`config.ownTextRules`).
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config?.ownTextRules) return done();
    const paths = [
      ...unstorablePaths(request.params, ''),
      ...unstorablePaths(request.query, ''),
      ...unstorablePaths(request.body, ''),
    ];
    if (paths.length === 0) return done();
    const issues: ValidationIssue[] = paths.map((path) => ({
      path,
      message: `${path || 'The request'} contains characters that are not allowed`,
    }));
    done(new RequestValidationError(issues));
  });
}
