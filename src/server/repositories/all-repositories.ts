import type { DatabaseHandle } from '../db/database';
import { createActivityRepository } from './activity-repository';
import { createBookingHistoryRepository } from './booking-history-repository';
import { createBookingJobsRepository } from './booking-jobs-repository';
import { createBookingPaymentsRepository } from './booking-payments-repository';
import { createBookingsRepository } from './bookings-repository';
import { createCompaniesRepository } from './companies-repository';
import { createCheckoutSessionsRepository } from './checkout-sessions-repository';
import { createCorporateBookingsRepository } from './corporate-bookings-repository';
import { createCorporateProfileRepository } from './corporate-profile-repository';
import { createDriversRepository } from './drivers-repository';
import { createDriverPushRepository } from './driver-push-repository';
import { createDriverSessionsRepository } from './driver-sessions-repository';
import { createDriverInvitationsRepository } from './driver-invitations-repository';
import { createDriverJobsRepository } from './driver-jobs-repository';
import { createFleetRepository } from './fleet-repository';
import { createFleetSetupRepository } from './fleet-setup-repository';
import { createHealthRepository } from './health-repository';
import { createJobOffersRepository } from './job-offers-repository';
import { createMailLogRepository } from './mail-log-repository';
import { createTextMessagesRepository } from './text-messages-repository';
import { createFlightTracksRepository } from './flight-tracks-repository';
import { createMessageTemplatesRepository } from './message-templates-repository';
import { createManageBookingsRepository } from './manage-bookings-repository';
import { createManageTokensRepository } from './manage-tokens-repository';
import { createOutboxRepository } from './outbox-repository';
import { createOperatorBookingsRepository } from './operator-bookings-repository';
import { createOperatorAccountsRepository } from './operator-accounts-repository';
import { createOperatorsRepository } from './operators-repository';
import { createPassengerPushRepository } from './passenger-push-repository';
import { createPassengersRepository } from './passengers-repository';
import { createPlacesRepository } from './places-repository';
import { createPricingRepository } from './pricing-repository';
import { createQuotesRepository } from './quotes-repository';
import { createRequestsRepository } from './requests-repository';
import { createResetCodesRepository } from './reset-codes-repository';
import { createRetentionRepository } from './retention-repository';
import { createSessionsRepository } from './sessions-repository';
import { createSettingsRepository } from './settings-repository';
import { createSubmissionsRepository } from './submissions-repository';
import { createVehiclesRepository } from './vehicles-repository';

/** Every repository, each built once over the app's database. */
export function createRepositories(db: DatabaseHandle['db']) {
  return {
    activity: createActivityRepository(db),
    bookings: createBookingsRepository(db),
    bookingJobs: createBookingJobsRepository(db),
    bookingHistory: createBookingHistoryRepository(db),
    bookingPayments: createBookingPaymentsRepository(db),
    mailLog: createMailLogRepository(db),
    messageTemplates: createMessageTemplatesRepository(db),
    manageBookings: createManageBookingsRepository(db),
    manageTokens: createManageTokensRepository(db),
    checkoutSessions: createCheckoutSessionsRepository(db),
    corporateBookings: createCorporateBookingsRepository(db),
    corporateProfile: createCorporateProfileRepository(db),
    drivers: createDriversRepository(db),
    driverPush: createDriverPushRepository(db),
    jobOffers: createJobOffersRepository(db),
    driverSessions: createDriverSessionsRepository(db),
    driverInvitations: createDriverInvitationsRepository(db),
    driverJobs: createDriverJobsRepository(db),
    fleet: createFleetRepository(db),
    fleetSetup: createFleetSetupRepository(db),
    companies: createCompaniesRepository(db),
    health: createHealthRepository(db),
    operatorBookings: createOperatorBookingsRepository(db),
    operators: createOperatorsRepository(db),
    operatorAccounts: createOperatorAccountsRepository(db),
    outbox: createOutboxRepository(db),
    texts: createTextMessagesRepository(db),
    flightTracks: createFlightTracksRepository(db),
    passengers: createPassengersRepository(db),
    passengerPush: createPassengerPushRepository(db),
    places: createPlacesRepository(db),
    pricing: createPricingRepository(db),
    quotes: createQuotesRepository(db),
    requests: createRequestsRepository(db),
    resetCodes: createResetCodesRepository(db),
    retention: createRetentionRepository(db),
    sessions: createSessionsRepository(db),
    settings: createSettingsRepository(db),
    submissions: createSubmissionsRepository(db),
    vehicles: createVehiclesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
