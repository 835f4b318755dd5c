/**
 * The IndexedDB database's name, apart from db.ts so code that only needs to know whether the
 * database exists does not pull Dexie into the first load.
 */
export const DB_NAME = 'ridebook';
