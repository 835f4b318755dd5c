import { commonPasswordKey } from '../../../../domain/password-policy';

/**
 * The block list of the password policy (zxcvbn's common passwords, the server's list too),
 * loaded on demand: it is ~370 kB, so only a new client's Next (or their first keystroke in
 * Password) fetches it, never the home page.
 */
let loading: Promise<ReadonlySet<string>> | undefined;

export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common')
    .then(({ dictionary }) => new Set(dictionary['passwords-common'].map(commonPasswordKey)))
    .catch((error: unknown) => {
      // Offline with the chunk not cached: Next still checks the lengths, the server the rest.
      console.warn('Could not load the common-password list', error);
      loading = undefined;
      return new Set<string>();
    });
  return loading;
}
