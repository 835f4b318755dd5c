/**
 * What the console's Vehicles page, the drivers' usual vehicles and the dispatch checks (issue
 * 34) say to people, the server's refusals included. Field names as the wire spells them, so a
 * message says which field to fix; dates as UK dates (dd/mm/yyyy).
 */
export const VEHICLE_MESSAGES = {
  vehicleNotFound: 'Vehicle not found',
  registration: (field: string) =>
    `${field} must be a UK registration of letters and digits, like AB12 CDE (2 to 8 of them, spaces aside)`,
  registrationTaken: (registration: string) =>
    `registration ${registration} is already one of this company's vehicles`,
  companyRequired: 'company_id is required: choose the company the vehicle works for',
  companyFixed: 'company_id cannot be changed: add the vehicle to the other company instead',
  seats: 'seats must be a whole number from 1 to 16',
  /** A driver's usual vehicle, or the vehicle given to Assign or Offer, of another company. */
  notCompanyVehicle: "vehicle_id must be one of the company's vehicles",
  registrationNotKnown: (registration: string) =>
    `vehicle_registration ${registration} is not one of the company's vehicles: add it on the Vehicles page, or choose one with vehicle_id`,
  noUsualVehicle: (driver: string) =>
    `vehicle_id is required: ${driver} has no usual vehicle, so choose the vehicle to send`,
  usualVehicleRequired: "vehicle_id is required: choose the driver's usual vehicle",
  vehicleInactive: (registration: string) =>
    `${registration} is withdrawn from service: reactivate it on the Vehicles page or choose another vehicle`,
  emailTaken: 'email is already the email of another driver',
} as const;

/** A vehicle's licensing documents as people name them. */
export const VEHICLE_DOCUMENT_LABELS = {
  phv_licence: 'PHV vehicle licence',
  mot: 'MOT',
  insurance: 'insurance',
} as const;

/**
 * Why a driver or a vehicle may not be sent on a job (the 409 of Assign and Offer): which
 * document of whom, and since when.
 */
export const COMPLIANCE_MESSAGES = {
  driverLicenceExpired: (driver: string, date: string) =>
    `${driver}'s private hire driver's licence expired on ${date}: they cannot be sent on a job until it is renewed`,
  vehicleDocumentExpired: (registration: string, document: string, date: string) =>
    `The ${document} of ${registration} expired on ${date}: it cannot be sent on a job until it is renewed`,
  vehicleDocumentMissing: (registration: string, document: string) =>
    `${registration} has no ${document} expiry recorded: add it on the Vehicles page before sending it on a job`,
} as const;

/** How the console's pages flag a document (the Vehicles and Drivers pages). */
export const DOCUMENT_FLAGS = {
  expired: 'Expired',
  missing: 'Not recorded',
  expiresToday: 'Expires today',
  expiresIn: (days: number) => `Expires in ${days} ${days === 1 ? 'day' : 'days'}`,
} as const;

/**
 * The records a licensed operator keeps of each booking (issue 34): who took it, who
 * dispatched it, the driver and the vehicle, on the console's page and in the CSV.
 */
export const DISPATCH_RECORD_TEXT = {
  /** Who took a booking made on the site rather than by phone. */
  online: 'Online',
  offeredTo: (driver: string, time: string) => `Offered to ${driver} until ${time}`,
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  inviteNeedsEmail: 'Add the driver’s email to invite them to the driver app',
} as const;
