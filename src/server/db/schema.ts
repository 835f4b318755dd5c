import type { ColumnType, Generated, Insertable } from 'kysely';
import type { BookingStatus, StatusActor } from '../../domain/booking-lifecycle';
import type { OperatorRole } from '../../domain/operator-roles';
import type { JobLeg } from '../../domain/booking-jobs';
import type { TextMessageStatus } from '../../domain/text-message-status';
import type { FlightState } from '../../domain/flights';

/**
 * The database as Kysely sees it. Keep in step with migrations.ts: a column added there is
 * added here in the same change.
 */

/** PostgreSQL `numeric` comes back as text from both drivers; write it as a number or text. */
type Numeric = ColumnType<string, number | string, number | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kinds of gazetteer entry; the first four are "transport" places ranked ahead of towns. */
export const PLACE_KINDS = ['airport', 'terminal', 'station', 'port', 'city', 'town'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const TRANSPORT_KINDS = ['airport', 'terminal', 'station', 'port'] as const;

export interface SettingsTable {
  setting_name: string;
  setting_value: string;
  updated_at: UpdatedAt;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** 1.0–5.0, one decimal. */
  rating: Numeric;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  /** For receipts: where the operator is (issue 22). */
  address: ColumnType<string, string | undefined, string>;
  /** Printed on receipts with the VAT included, when the operator is VAT registered. */
  vat_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its passengers' number to call (0023); '' falls back to Company_Contact_Info. */
  phone: ColumnType<string, string | undefined, string>;
  /** Where its booking notices go (0023); '' falls back to FROM_EMAIL. */
  email: ColumnType<string, string | undefined, string>;
}

export interface FleetCategoriesTable {
  id: Generated<number>;
  name: string;
  seats: number;
  luggage: number;
  hand_luggage: number;
  wheelchair_spaces: ColumnType<number, number | undefined, number>;
  /** Path under /storage/, e.g. `vehicles/saloon.svg`. */
  image_path: string;
  sort_order: number;
  /** A withdrawn category (0023) is offered by nobody; its bookings keep it. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CompanyVehiclesTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  /** The company's own picture of the category, under /storage/ (0023); null: the category's. */
  image_path: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlacesTable {
  id: Generated<number>;
  /** Stable identity across seed runs, e.g. `geonames:reading:51.456:-0.971`, `iata:LHR`. */
  key: string;
  name: string;
  /** What a suggestion shows, e.g. `Heathrow Airport Terminal 5, TW6 2GA`. */
  address: string;
  kind: PlaceKind;
  lat: number;
  lng: number;
  postcode: string | null;
  popular: boolean;
  /** The name, lower-cased and stripped of punctuation, for exact and prefix ranking. */
  search_name: string;
  /** Name, aliases, codes, postcode and county, normalised the same way, for word matching. */
  search_text: string;
  /** Higher first among equally good matches. */
  rank: number;
  source: string;
  /** Where it is, shown beside a suggestion: a town's county, a station's town and district. */
  area: ColumnType<string, string | undefined, string>;
}

export interface BannedAddressesTable {
  id: Generated<number>;
  /** Matched case-insensitively against pickup, drop-off and stop addresses. */
  pattern: string;
  reason: string | null;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SeedRunsTable {
  name: string;
  /** A digest of the seed data; a change re-applies the seed. */
  digest: string;
  applied_at: UpdatedAt;
}

/** What one operator charges for one category: base and minimum fares. */
export interface RateCardsTable {
  company_id: number;
  category_id: number;
  base_fare_pence: number;
  minimum_fare_pence: number;
  updated_at: UpdatedAt;
  /** Migration 0022: the card's id in the console, its edit version and who saved it last. */
  id: Generated<number>;
  version: ColumnType<number, number | undefined, number>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One per-mile band of a rate card; `band` orders them, the last has up_to_miles null. */
export interface RateCardMileBandsTable {
  company_id: number;
  category_id: number;
  band: number;
  up_to_miles: ColumnType<string | null, number | string | null, number | string | null>;
  pence_per_mile: number;
}

/** The whole price of an N-hour hire (4–24) on a rate card. */
export interface RateCardHourlyRatesTable {
  company_id: number;
  category_id: number;
  hours: number;
  price_pence: number;
}

/** A named circle (an airport, central London) that fixed fares and airport charges use. */
export interface ZonesTable {
  id: Generated<number>;
  name: string;
  lat: number;
  lng: number;
  radius_km: Numeric;
  is_airport: ColumnType<boolean, boolean | undefined, boolean>;
  /** The IATA code flights to this airport land at (0030); null: flights are not tracked. */
  iata_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minutes from landing to meeting the passenger; null: FLIGHT_BUFFER_MINUTES. */
  flight_buffer_minutes: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A fare between two zones that replaces the mileage fare of a direct journey. */
export interface FixedFaresTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  from_zone_id: number;
  to_zone_id: number;
  both_ways: ColumnType<boolean, boolean | undefined, boolean>;
  fare_pence: number;
}

/** Per operator charges: airport pickup, night window and uplift, bank-holiday uplift. */
export interface CompanyChargesTable {
  company_id: number;
  airport_pickup_pence: ColumnType<number, number | undefined, number>;
  night_start_minute: ColumnType<number, number | undefined, number>;
  night_end_minute: ColumnType<number, number | undefined, number>;
  /** Basis points: 2000 is +20 %. */
  night_uplift_bp: ColumnType<number, number | undefined, number>;
  bank_holiday_uplift_bp: ColumnType<number, number | undefined, number>;
}

/** Bank holidays per calendar: England and Wales, or Scotland. */
export interface BankHolidaysTable {
  /** A `date` column; read it with to_char, since drivers turn dates into local-time Dates. */
  date: ColumnType<unknown, string, string>;
  region: 'england-and-wales' | 'scotland';
  name: string;
}

/** A priced quote that a booking refers to by id; expires 30 minutes after it was made. */
export interface QuotesTable {
  id: string;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  booking_type: 'milleage' | 'hourly';
  /** The normalised request (form, vehicle, operator, count) the price is for. */
  request: ColumnType<unknown, string, string>;
  company_id: number;
  category_id: number;
  vehicle_count: number;
  /** One vehicle, in pence. */
  price_pence: number;
  /** price_pence x vehicle_count; the sum of the breakdown. */
  final_pence: number;
  /** Breakdown parts in pence, as domain/pricing-model.ts names them. */
  breakdown: ColumnType<unknown, string, string>;
  distance: ColumnType<unknown, string | null, string | null>;
  /** Where each point was placed and the miles priced (services/pricing/priced-journey.ts). */
  priced_journey: ColumnType<unknown, string | null | undefined, string | null>;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json = ColumnType<unknown, string, string>;

/** A passenger account (new client or corporate). Passwords are stored only as argon2id hashes. */
export interface PassengersTable {
  id: Generated<number>;
  email: string;
  /** lower(trim(email)), unique. */
  email_key: string;
  first_name: ColumnType<string, string | undefined, string>;
  last_name: ColumnType<string, string | undefined, string>;
  phone: ColumnType<string, string | undefined, string>;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BookingsTable {
  id: Generated<number>;
  booking_number: string;
  /** domain/booking-lifecycle.ts; changed only with a booking_status_history row. */
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  booking_type: 'milleage' | 'hourly';
  ride_type: 'Q' | 'H';
  journey_type: 'one_way' | 'return' | 'hourly';
  registration_mode: 'guest_login' | 'new_client' | 'existing_client';
  passenger_id: number | null;
  company_id: number;
  category_id: number;
  vehicle_count: number;
  pick_up_address: string;
  drop_off_address: ColumnType<string, string | undefined, string>;
  /** YYYY-MM-DD, Europe/London. */
  pick_up_date: string;
  /** HH:MM, Europe/London. */
  pick_up_time: string;
  pickup_at: Timestamp;
  return_pickup_address: string | null;
  return_dropoff_address: string | null;
  return_date: string | null;
  return_time: string | null;
  return_at: NullableTimestamp;
  hourly_duration: number | null;
  flight_no: ColumnType<string, string | undefined, string>;
  return_flight_no: ColumnType<string, string | undefined, string>;
  /** 'account': an operator's phone booking charged to the customer's account. */
  payment_method: 'car' | 'card' | 'account';
  payment_status: 'pay_in_car' | 'paid' | 'on_account';
  checkout_session_id: string | null;
  payment_id: string | null;
  quote_id: string | null;
  currency: ColumnType<string, string | undefined, string>;
  /** One vehicle, pence. */
  price_pence: number;
  /** Every vehicle, pence: what the passenger pays. */
  total_pence: number;
  /** Breakdown parts in pence (domain/pricing-model.ts). */
  breakdown: Json;
  form: Json;
  distance: ColumnType<unknown, string | null, string | null>;
  /** Where each point was placed and the miles priced (services/pricing/priced-journey.ts). */
  priced_journey: ColumnType<unknown, string | null | undefined, string | null>;
  /** The pickup's map position the passenger sent (their own, with "use my current location"). */
  pickup_lat: ColumnType<number | null, number | null | undefined, number | null>;
  pickup_lng: ColumnType<number | null, number | null | undefined, number | null>;
  /** The assigned driver and the vehicle they drive for this booking. */
  driver_id: ColumnType<number | null, number | null | undefined, number | null>;
  vehicle_registration: ColumnType<string | null, string | null | undefined, string | null>;
  /** Pence: card charges minus refunds, in step with booking_payments (issue 22). */
  paid_pence: ColumnType<number, number | undefined, number>;
  /** Rises with each change the passenger makes: a change planned on an older copy is refused. */
  version: ColumnType<number, number | undefined, number>;
  /** The pickup was moved inside the late-cancellation window: cancelling keeps the fee. */
  late_fee_due: ColumnType<boolean, boolean | undefined, boolean>;
  /**
   * Pence: the highest price since the booking was first changed inside the late window; a
   * late cancellation's fee is worked out on it (domain/booking-policy.ts, lateChange).
   */
  late_fee_base_pence: ColumnType<number | null, number | null | undefined, number | null>;
  /** The console account that took it by phone (0026); null: booked online. */
  taken_by_operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/**
 * A leg of a booking (issue 32): the outward leg, and the return leg when there is one. Its
 * status is changed only with a booking_status_history row; the booking's status follows
 * (domain/booking-jobs.ts, bookingStatusFromJobs).
 */
export interface BookingJobsTable {
  booking_id: number;
  leg: JobLeg;
  status: BookingStatus;
  driver_id: ColumnType<number | null, number | null | undefined, number | null>;
  vehicle_registration: ColumnType<string | null, string | null | undefined, string | null>;
  /** The vehicle record the job is done in (0026). */
  vehicle_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** An offer waiting for the driver's answer until offer_expires_at (0026). */
  offered_driver_id: ColumnType<number | null, number | null | undefined, number | null>;
  offered_vehicle_id: ColumnType<number | null, number | null | undefined, number | null>;
  offer_expires_at: NullableTimestamp;
  /** The console account that assigned or offered the job. */
  dispatched_by_operator_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Every change of a booking's status, append-only (the database refuses updates). */
export interface BookingStatusHistoryTable {
  id: Generated<number>;
  booking_id: number;
  /** The job (leg) the change is about; the rows from before jobs are the outward job's. */
  leg: ColumnType<JobLeg, JobLeg | undefined, never>;
  at: Timestamp;
  actor: StatusActor;
  operator_id: number | null;
  /** The operator's name, "Passenger" or "System", as shown. */
  actor_name: string;
  /** Null on the row recording the booking being made. */
  from_status: BookingStatus | null;
  to_status: BookingStatus;
  note: ColumnType<string, string | undefined, never>;
  /** The driver who pressed it, from the app (0026). */
  driver_id: ColumnType<number | null, number | null | undefined, never>;
  /** A press from the driver's phone: when it was pressed, and where (at: when it arrived). */
  pressed_at: ColumnType<Date | null, Date | string | null | undefined, never>;
  lat: ColumnType<number | null, number | null | undefined, never>;
  lng: ColumnType<number | null, number | null | undefined, never>;
  accuracy: ColumnType<number | null, number | null | undefined, never>;
}

/** A console account; passwords only as argon2id hashes. */
export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  /** lower(trim(email)), unique. */
  email_key: string;
  name: string;
  /** Null until the account's owner sets one from their invitation (migration 0024). */
  password_hash: string | null;
  role: OperatorRole;
  /** Null for the platform's admin; a manager's or a dispatcher's one company. */
  company_id: number | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** An invitation to set a console account's password: 24 hours, used once, token hashed. */
export interface OperatorInvitationsTable {
  id: Generated<number>;
  operator_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A console session, known only by its token's hash; `expires_at` moves on with each use. */
export interface OperatorSessionsTable {
  id: Generated<number>;
  token_hash: string;
  operator_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** A company's private hire driver. */
export interface DriversTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  mobile: string;
  licence_number: string;
  /** YYYY-MM-DD. */
  licence_expiry: string;
  vehicle_registration: string;
  category_id: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The driver app's sign-in (0026): set from an invitation, argon2id only. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The usual vehicle (0026). */
  vehicle_id: ColumnType<number | null, number | null | undefined, number | null>;
  on_duty: ColumnType<boolean, boolean | undefined, boolean>;
  duty_changed_at: NullableTimestamp;
}

/** A company's vehicle and its licensing documents (0026); expiries are YYYY-MM-DD or null. */
export interface VehiclesTable {
  id: Generated<number>;
  company_id: number;
  registration: string;
  make: ColumnType<string, string | undefined, string>;
  model: ColumnType<string, string | undefined, string>;
  colour: ColumnType<string, string | undefined, string>;
  seats: ColumnType<number, number | undefined, number>;
  category_id: number;
  phv_licence_number: ColumnType<string, string | undefined, string>;
  phv_licence_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  mot_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  insurance_expiry: ColumnType<string | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DriverSessionsTable {
  id: Generated<number>;
  token_hash: string;
  driver_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface DriverInvitationsTable {
  id: Generated<number>;
  driver_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface DriverPushSubscriptionsTable {
  id: Generated<number>;
  driver_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A browser following a booking by Web Push (issue 35), from the passenger's booking page. */
export interface PassengerPushSubscriptionsTable {
  id: Generated<number>;
  booking_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: CreatedAt;
}

/** A position sent by a driver's phone; booking_id/leg: the job under way then (its trail). */
export interface DriverPositionsTable {
  id: Generated<string>;
  driver_id: number;
  booking_id: ColumnType<number | null, number | null | undefined, number | null>;
  leg: ColumnType<JobLeg | null, JobLeg | null | undefined, JobLeg | null>;
  lat: number;
  lng: number;
  accuracy: ColumnType<number | null, number | null | undefined, number | null>;
  heading: ColumnType<number | null, number | null | undefined, number | null>;
  speed: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the phone took it. */
  at: Timestamp;
  received_at: CreatedAt;
}

export interface BookingPassengersTable {
  booking_id: number;
  passenger_id: number | null;
  name: string;
  email: string;
  phone: string;
  additional_info: ColumnType<string, string | undefined, string>;
  return_additional_info: ColumnType<string, string | undefined, string>;
  total_passengers: number;
  /** "Text me about this booking" (issue 35). */
  texts_wanted: ColumnType<boolean, boolean | undefined, boolean>;
  /** The phone in E.164 when it can take texts; null with text_problem saying why not. */
  text_number: ColumnType<string | null, string | null | undefined, string | null>;
  text_problem: ColumnType<string | null, string | null | undefined, string | null>;
}

export type { TextMessageStatus } from '../../domain/text-message-status';

/** One text to a passenger (issue 35): at most one per booking, journey and event. */
export interface TextMessagesTable {
  id: Generated<number>;
  booking_id: number;
  leg: ColumnType<JobLeg, JobLeg | undefined, JobLeg>;
  event: string;
  /** Who it goes to (0030): the passenger, or the job's driver (a flight moved the pickup). */
  recipient: ColumnType<TextRecipient, TextRecipient | undefined, TextRecipient>;
  /** Which time this event happened on the job: a flight may move the pickup more than once. */
  occurrence: ColumnType<number, number | undefined, number>;
  to_number: string;
  body: string;
  status: ColumnType<TextMessageStatus, TextMessageStatus | undefined, TextMessageStatus>;
  /** Twilio's message SID, or the file it was written to without Twilio. */
  provider_id: string | null;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  status_at: NullableTimestamp;
}

export type TextRecipient = 'passenger' | 'driver';

/** What FlightAware last said of a job's flight, and the meet time from it (issue 35, 0030). */
export interface FlightTracksTable {
  booking_id: number;
  leg: JobLeg;
  flight_no: string;
  /** The airport zone's IATA code and name, and its buffer, as they were at booking. */
  airport_code: string;
  airport_name: string;
  buffer_minutes: number;
  state: FlightState;
  /** Why the passenger was warned at booking (the flight does not land there that day). */
  warning: string | null;
  /** FlightAware's fa_flight_id of the flight matched. */
  provider_id: string | null;
  /** Runway arrival ("on") times: scheduled, estimated, actual. */
  scheduled_on: NullableTimestamp;
  estimated_on: NullableTimestamp;
  actual_on: NullableTimestamp;
  /** When the driver meets the passenger: landing + buffer, never before the booked pickup. */
  meet_at: NullableTimestamp;
  /** How many times the flight moved the meet time (each one texted once). */
  moves: ColumnType<number, number | undefined, number>;
  /** Counts the starts (and stops) of tracking: a look queued for an earlier one stops. */
  generation: ColumnType<number, number | undefined, number>;
  /** False once the job no longer carries a flight: kept, not shown, never looked at. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
  checked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface BookingStopsTable {
  id: Generated<number>;
  booking_id: number;
  position: number;
  stop_address: string;
  stop_post_code: ColumnType<string, string | undefined, string>;
  stop_street_number: ColumnType<string, string | undefined, string>;
}

export type CheckoutSessionStatus = 'open' | 'paid' | 'booked' | 'canceled' | 'expired';

export interface CheckoutSessionsTable {
  /** The provider's session id (cs_…). */
  id: string;
  provider: 'stripe' | 'test';
  status: ColumnType<
    CheckoutSessionStatus,
    CheckoutSessionStatus | undefined,
    CheckoutSessionStatus
  >;
  amount_pence: number;
  currency: string;
  /** The pending booking: validated inputs and price; a new client's password only hashed. */
  pending: Json;
  url: string;
  success_url: string;
  cancel_url: string;
  payment_id: string | null;
  booking_id: number | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  completed_at: NullableTimestamp;
  /** When POST /booking first answered with the booking's details; later answers get its number. */
  details_sent_at: NullableTimestamp;
  /** 'amendment': pays the difference of a change to booking_id; `pending` holds the change. */
  purpose: ColumnType<'booking' | 'amendment', 'booking' | 'amendment' | undefined, never>;
  /** A paid difference: its change was made, or could not be and the difference was refunded. */
  outcome: ColumnType<
    'applied' | 'refunded' | null,
    'applied' | 'refunded' | null | undefined,
    'applied' | 'refunded' | null
  >;
}

/** A passenger's link to their booking (issue 22): only the token's SHA-256 is kept. */
export interface ManageTokensTable {
  token_hash: string;
  booking_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export type PaymentKind = 'charge' | 'refund';
export type PaymentReason = 'booking' | 'amendment' | 'cancellation';
export type PaymentState = 'pending' | 'succeeded' | 'failed';

/** The money ledger: every card charge and refund of a booking, pence. */
export interface BookingPaymentsTable {
  id: Generated<number>;
  booking_id: number;
  kind: PaymentKind;
  reason: PaymentReason;
  amount_pence: number;
  currency: ColumnType<string, string | undefined, string>;
  provider: string;
  provider_ref: ColumnType<string | null, string | null | undefined, string | null>;
  checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A refund: the charge row it returns part of. */
  refund_of: ColumnType<number | null, number | null | undefined, never>;
  /** The idempotency key the provider saw for a refund, derived from the booking and this row. */
  provider_key: ColumnType<string | null, string | null | undefined, string | null>;
  state: PaymentState;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  settled_at: NullableTimestamp;
}

/** 'suppressed': over the recipient's daily cap, kept with its reason and never sent. */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'suppressed';

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** [{filename, contentType, content}] with text content (an .ics is text). */
  attachments: ColumnType<unknown, string | undefined, string>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: NullableTimestamp;
  last_error: string | null;
  message_id: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  /** Where a reply goes when it isn't FROM_EMAIL: the customer, on operator notices. */
  reply_to: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The recipient's mailbox (see recipient-cap.ts) on mail counted against its daily cap,
   * null on mail that is not capped (to the operator).
   */
  cap_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a 'suppressed' row was not sent. */
  suppressed_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Holds a secret (a reset code): the body is cleared as soon as it is sent. */
  secret: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface ResetCodesTable {
  id: Generated<number>;
  passenger_id: number;
  /** A hash of the six digits; the code itself exists only in the email. */
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A corporate passenger's signed-in session; expires 30 days after sign-in. */
export interface PassengerSessionsTable {
  id: Generated<number>;
  token_hash: string;
  passenger_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

/** A quote-now request or a contact message, as validated. */
export interface SubmissionsTable {
  id: Generated<number>;
  kind: 'quote-now' | 'contact-us';
  email: string;
  payload: Json;
  created_at: CreatedAt;
  /** Where the office is with it (migration 0025). */
  state: ColumnType<SubmissionState, SubmissionState | undefined, SubmissionState>;
  /** The booking made from it with Book this. */
  booking_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type SubmissionState = 'new' | 'replied' | 'closed';

/** A reply written in the console to a submission (migration 0025), mailed through the outbox. */
export interface SubmissionRepliesTable {
  id: Generated<number>;
  submission_id: number;
  operator_id: number | null;
  operator_name: string;
  message: string;
  outbox_id: number | null;
  created_at: CreatedAt;
}

/** A secret the server made for itself, e.g. the device cookie's signing key. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** One change made in the console (migration 0021): append-only, refused an UPDATE or DELETE. */
export interface ConsoleActivityTable {
  id: Generated<number>;
  at: CreatedAt;
  operator_id: number | null;
  operator_name: string;
  /** The company the change concerns; null for the whole site. */
  company_id: number | null;
  kind: string;
  subject: string;
  summary: ColumnType<string, string | undefined, never>;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

/**
 * The operator's wording of one passenger-message event (migration 0028): a row only for an
 * event changed on the Messages page; Reset to default deletes it.
 */
export interface MessageTemplatesTable {
  event: string;
  /** Null for an event told by text only. */
  subject: string | null;
  intro: string | null;
  sms: string;
  updated_at: UpdatedAt;
  updated_by: number | null;
}

/** The edit version of a company's charges or fixed fares (migration 0022). */
export interface PricePartVersionsTable {
  company_id: number;
  part: 'charges' | 'fixed_fares';
  version: number;
  updated_at: UpdatedAt;
  updated_by: string | null;
}

/** One saved version of a company's whole prices (migration 0022). */
export interface PriceVersionsTable {
  id: Generated<number>;
  company_id: number;
  number: number;
  created_at: CreatedAt;
  operator_id: number | null;
  operator_name: string;
  summary: string;
  changes: ColumnType<unknown, string, never>;
  prices: ColumnType<unknown, string, never>;
  restored_from: number | null;
}

export interface Database {
  settings: SettingsTable;
  companies: CompaniesTable;
  fleet_categories: FleetCategoriesTable;
  company_vehicles: CompanyVehiclesTable;
  places: PlacesTable;
  banned_addresses: BannedAddressesTable;
  idempotency_keys: IdempotencyKeysTable;
  seed_runs: SeedRunsTable;
  rate_cards: RateCardsTable;
  rate_card_mile_bands: RateCardMileBandsTable;
  rate_card_hourly_rates: RateCardHourlyRatesTable;
  zones: ZonesTable;
  fixed_fares: FixedFaresTable;
  company_charges: CompanyChargesTable;
  bank_holidays: BankHolidaysTable;
  quotes: QuotesTable;
  passengers: PassengersTable;
  bookings: BookingsTable;
  booking_passengers: BookingPassengersTable;
  booking_stops: BookingStopsTable;
  checkout_sessions: CheckoutSessionsTable;
  outbox: OutboxTable;
  text_messages: TextMessagesTable;
  flight_tracks: FlightTracksTable;
  reset_codes: ResetCodesTable;
  passenger_sessions: PassengerSessionsTable;
  submissions: SubmissionsTable;
  submission_replies: SubmissionRepliesTable;
  booking_status_history: BookingStatusHistoryTable;
  booking_jobs: BookingJobsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_invitations: OperatorInvitationsTable;
  drivers: DriversTable;
  vehicles: VehiclesTable;
  driver_sessions: DriverSessionsTable;
  driver_invitations: DriverInvitationsTable;
  driver_push_subscriptions: DriverPushSubscriptionsTable;
  passenger_push_subscriptions: PassengerPushSubscriptionsTable;
  driver_positions: DriverPositionsTable;
  manage_tokens: ManageTokensTable;
  booking_payments: BookingPaymentsTable;
  server_secrets: ServerSecretsTable;
  console_activity: ConsoleActivityTable;
  price_part_versions: PricePartVersionsTable;
  price_versions: PriceVersionsTable;
  message_templates: MessageTemplatesTable;
}

export type NewPlace = Insertable<PlacesTable>;
