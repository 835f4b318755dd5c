import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contract/paths';
import {
  calculateDistancePriceRequestSchema,
  calculateDistanceRequestSchema,
  calculateHourlyPriceRequestSchema,
  priceDetailsResponseSchema,
  selectedVehiclePriceRequestSchema,
  selectedVehiclePriceResponseSchema,
} from '../../contract/quotes';
import type {
  CalculateDistanceResponse,
  PriceDetailsResponse,
  SelectedVehiclePriceResponse,
} from '../../contract/quotes';
import { bookingFormSchema, hourlyFormSchema } from '../../domain/booking-form';
import { MESSAGES } from '../../domain/messages';
import { parseRequest } from '../errors';
import { parseNestedForm } from '../lib/nested-form';
import { responseSchema } from '../lib/response-schema';
import { registerRateLimit, type RateLimitOptions } from '../plugins/rate-limits';
import type { QuoteService } from '../services/pricing/quote-service';

/** The price calls (API.md): distance, mileage and hourly prices, and a chosen vehicle's quote. */
export async function quoteRoutes(
  app: FastifyInstance,
  options: { quotes: QuoteService; rateLimit: RateLimitOptions },
): Promise<void> {
  const { quotes } = options;
  // Each call measures routes and prices every operator: a cheap way to load the server, so
  // one address gets a minute's worth and no more. Registered first to cover every route below.
  await registerRateLimit(app, options.rateLimit);

  // A price depends on the time asked and on settings an operator may change at any moment.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });

  app.post(API_PATHS.calculateDistance, async (request): Promise<CalculateDistanceResponse> => {
    const body = parseRequest(calculateDistanceRequestSchema, request.body);
    return { success: true, ...(await quotes.distance(body)) };
  });

  // Serialised from the contract's schemas (the busiest answers), not by JSON.stringify.
  const prices = { schema: { response: { 200: responseSchema(priceDetailsResponseSchema) } } };
  const selected = {
    schema: { response: { 200: responseSchema(selectedVehiclePriceResponseSchema) } },
  };

  app.post(
    API_PATHS.calculateDistancePrice,
    prices,
    async (request): Promise<PriceDetailsResponse> => {
      const form = parseRequest(calculateDistancePriceRequestSchema, request.body);
      return { success: true, ...(await quotes.mileagePrices(form)) };
    },
  );

  app.post(
    API_PATHS.calculateHourlyPrice,
    prices,
    async (request): Promise<PriceDetailsResponse> => {
      const form = parseRequest(calculateHourlyPriceRequestSchema, request.body);
      return { success: true, ...(await quotes.hourlyPrices(form)) };
    },
  );

  app.post(
    API_PATHS.calculateSelectedVehiclePrice,
    selected,
    async (request): Promise<SelectedVehiclePriceResponse> => {
      const body = parseRequest(selectedVehiclePriceRequestSchema, request.body);
      const choice = {
        vehicleId: body.vehicle_id,
        companyId: body.company_id,
        vehicleCount: body.vehicle_count,
      };
      const priced =
        body.bookingType === 'milleage'
          ? await quotes.selectedVehiclePrice({
              ...choice,
              bookingType: 'milleage',
              form: parseNestedForm(
                bookingFormSchema,
                body.bookingForm,
                'bookingForm',
                MESSAGES.bookingFormMissing,
              ),
            })
          : await quotes.selectedVehiclePrice({
              ...choice,
              bookingType: 'hourly',
              form: parseNestedForm(
                hourlyFormSchema,
                body.hourlyRateForm,
                'hourlyRateForm',
                MESSAGES.hourlyFormMissing,
              ),
            });
      return { success: true, ...priced };
    },
  );
}
