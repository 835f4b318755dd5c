import type { Kysely, Transaction } from 'kysely';
import { emailKey } from '../../domain/registration';
import type { Database } from '../db/schema';

/** The profile fields a corporate passenger may change (PATCH /update-passenger). */
export interface ProfileChange {
  name: string;
  email: string;
  phone: string;
}

/** PostgreSQL's unique_violation, raised by both drivers. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    (error as { code: unknown }).code === '23505'
  );
}

export function createCorporateProfileRepository(db: Kysely<Database>) {
  return {
    /** True when another passenger already signs in with this email. */
    async emailUsedByOther(email: string, passengerId: number): Promise<boolean> {
      const row = await db
        .selectFrom('passengers')
        .select('id')
        .where('email_key', '=', emailKey(email))
        .where('id', '<>', passengerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Writes the profile; 'email-taken' when the unique email key refuses it (another
     * passenger took the address between the check and this write).
     */
    async update(
      passengerId: number,
      change: ProfileChange,
      now: Date,
      trx?: Transaction<Database>,
    ): Promise<'updated' | 'email-taken' | 'missing'> {
      try {
        const result = await (trx ?? db)
          .updateTable('passengers')
          .set({
            // The corporate form has one name field; it is kept whole as the first name.
            first_name: change.name,
            last_name: '',
            email: change.email.trim(),
            email_key: emailKey(change.email),
            phone: change.phone,
            updated_at: now,
          })
          .where('id', '=', passengerId)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n ? 'updated' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'email-taken';
        throw error;
      }
    },
  };
}

export type CorporateProfileRepository = ReturnType<typeof createCorporateProfileRepository>;
