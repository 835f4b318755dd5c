/**
 * The console's activity log (issue 33): the kinds of change it keeps, their labels, and how a
 * change's values before and after are shown to a person, field by field.
 */

/** The kinds of change the Activity page filters by. */
export const ACTIVITY_KINDS = [
  'settings',
  'prices',
  'fleet',
  'companies',
  'accounts',
  'drivers',
  'vehicles',
  'bookings',
  'requests',
  'mail',
  'messages',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How the Activity page names each kind. */
export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  settings: 'Settings',
  prices: 'Prices',
  fleet: 'Fleet',
  companies: 'Companies',
  accounts: 'Accounts',
  drivers: 'Drivers',
  vehicles: 'Vehicles',
  bookings: 'Bookings',
  requests: 'Requests',
  mail: 'Mail',
  messages: 'Messages',
};

/** Rows per page of GET /operator/activity. */
export const ACTIVITY_PAGE_SIZE = 50;

/** One field that differs between before and after; undefined where the side has no such field. */
export interface FieldChange {
  field: string;
  before?: string;
  after?: string;
}

/** A value as one line of text: text as it is, anything else as compact JSON, none as "—". */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields a change touched, in the order they first appear: a field the same on both sides
 * is left out, so a 20-field record with one change reads as one line. Values that are not
 * records (a setting's number) are one change named "value".
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    return [
      {
        field: 'value',
        ...(before === null || before === undefined ? {} : { before: showValue(before) }),
        ...(after === null || after === undefined ? {} : { after: showValue(after) }),
      },
    ];
  }
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return fields.flatMap((field) => {
    const was = field in old ? showValue(old[field]) : undefined;
    const is = field in now ? showValue(now[field]) : undefined;
    if (was === is) return [];
    return [
      {
        field,
        ...(was === undefined ? {} : { before: was }),
        ...(is === undefined ? {} : { after: is }),
      },
    ];
  });
}
