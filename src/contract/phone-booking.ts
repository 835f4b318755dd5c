import * as z from 'zod/mini';
import { LIMITS } from '../domain/booking-limits';
import { emailSchema } from '../domain/email';
import { idField, text } from './field-rules';

/**
 * POST /operator/bookings: a phone customer's booking, priced by the same engine and rules as
 * the public site (the form is the public site's BookingForm or HourlyRateForm; the vehicle a
 * price answer's). It starts Confirmed and is paid in the car or on account.
 */
export const manualBookingRequestSchema = z.object(
  {
    booking_type: z.enum(['milleage', 'hourly'], {
      error: 'booking_type must be milleage or hourly',
    }),
    form: z.unknown(),
    selected_vehicle: z.object(
      {
        quote_id: z.optional(z.string().check(z.maxLength(64, 'quote_id is too long'))),
        tbms_vid: idField('selected_vehicle.tbms_vid must be a vehicle'),
        company_id: idField('selected_vehicle.company_id must be a company'),
        vehicle_count: z.optional(
          z
            .int({ error: 'selected_vehicle.vehicle_count must be a whole number' })
            .check(
              z.minimum(1, 'selected_vehicle.vehicle_count must be at least 1'),
              z.maximum(
                LIMITS.vehicleCountMax,
                `selected_vehicle.vehicle_count must be at most ${LIMITS.vehicleCountMax}`,
              ),
            ),
        ),
      },
      { error: 'selected_vehicle is required' },
    ),
    passenger: z.object(
      {
        name: text('passenger.name', 100),
        email: emailSchema('passenger.email'),
        phone: text('passenger.phone', 30),
        additional_info: z.optional(
          z.string().check(z.trim(), z.maxLength(500, 'passenger.additional_info is too long')),
        ),
      },
      { error: 'passenger is required' },
    ),
    payment_method: z.enum(['car', 'account'], { error: 'payment_method must be car or account' }),
    /** Book this (issue 33): the Quote Now request this booking is made from, linked to it. */
    request_id: z.optional(idField('request_id must be a request')),
  },
  { error: 'The request must be a JSON object' },
);
export type ManualBookingRequest = z.infer<typeof manualBookingRequestSchema>;

/** POST /operator/bookings: 201 with the new booking's number. */
export const manualBookingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ booking_number: z.string() }),
});
export type ManualBookingResponse = z.infer<typeof manualBookingResponseSchema>;
