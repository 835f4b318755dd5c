import { hash, verify } from '@node-rs/argon2';
import languageCommon from '@zxcvbn-ts/language-common';
import {
  commonPasswordKey,
  passwordProblem as checkPassword,
} from '../../../domain/password-policy';

/**
 * Passwords: argon2id with OWASP's minimum (19 MiB, 2 passes, 1 lane), and the policy every
 * new password meets (domain/password-policy.ts) with zxcvbn's block list.
 */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The ~49,000 most common passwords zxcvbn-ts ships, lower-cased, loaded on first use. */
let commonPasswords: Set<string> | undefined;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    (languageCommon.dictionary['passwords-common'] as string[]).map(commonPasswordKey),
  );
  return commonPasswords.has(commonPasswordKey(password));
}

/** Why a new password is refused, or null when it is acceptable (domain/password-policy.ts). */
export function passwordProblem(password: string): string | null {
  return checkPassword(password, isCommonPassword);
}

/** An argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) with a random salt. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash any password is checked against when there is no account, so timing says nothing. */
let decoyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With no hash (no such account) a decoy is
 * verified anyway, so a missing account takes as long to refuse as a wrong password.
 */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash === undefined) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
