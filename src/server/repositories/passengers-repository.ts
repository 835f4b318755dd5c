import type { Kysely, Transaction } from 'kysely';
import { emailKey } from '../../domain/registration';
import type { Database } from '../db/schema';

/** A passenger account as the services see it. */
export interface PassengerAccount {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  passwordHash: string;
}

export interface NewPassenger {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  passwordHash: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Passenger accounts, found by email however it was typed. */
export function createPassengersRepository(db: Kysely<Database>) {
  return {
    async findByEmail(email: string, trx?: Executor): Promise<PassengerAccount | undefined> {
      const row = await (trx ?? db)
        .selectFrom('passengers')
        .select(['id', 'email', 'first_name', 'last_name', 'phone', 'password_hash'])
        .where('email_key', '=', emailKey(email))
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async findById(id: number, trx?: Executor): Promise<PassengerAccount | undefined> {
      const row = await (trx ?? db)
        .selectFrom('passengers')
        .select(['id', 'email', 'first_name', 'last_name', 'phone', 'password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAccount(row);
    },

    /**
     * Creates an account; undefined when the email is already registered (the unique key
     * decides, so two registrations racing for one address make one account).
     */
    async insert(passenger: NewPassenger, trx?: Executor): Promise<PassengerAccount | undefined> {
      const row = await (trx ?? db)
        .insertInto('passengers')
        .values({
          email: passenger.email.trim(),
          email_key: emailKey(passenger.email),
          first_name: passenger.firstName,
          last_name: passenger.lastName,
          phone: passenger.phone,
          password_hash: passenger.passwordHash,
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .returning(['id', 'email', 'first_name', 'last_name', 'phone', 'password_hash'])
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async updatePasswordHash(id: number, passwordHash: string, trx?: Executor): Promise<void> {
      await (trx ?? db)
        .updateTable('passengers')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },
  };
}

function toAccount(row: {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  password_hash: string;
}): PassengerAccount {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    passwordHash: row.password_hash,
  };
}

export type PassengersRepository = ReturnType<typeof createPassengersRepository>;
