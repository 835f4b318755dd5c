import type { preHandlerHookHandler } from 'fastify';
import {
  offerJobRequestSchema,
  operatorBookingResponseSchema,
  type OperatorBookingResponse,
} from '../../contract/operator';
import { jobPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { JobOffersService } from '../services/job-offers/job-offers-service';

/**
 * The console's Offer (issue 34; API.md, The driver's app): a job offered to one of the
 * company's drivers with a vehicle, answered by the booking as the console shows it.
 */
export function operatorJobOfferRoutes(
  app: ContractApp,
  options: { jobOffers: JobOffersService; signedIn: preHandlerHookHandler },
) {
  const { jobOffers, signedIn } = options;
  app.post(
    API_PATHS.operatorJobOffer,
    {
      preValidation: signedIn,
      schema: {
        params: jobPathSchema,
        body: offerJobRequestSchema,
        response: { 200: responseSchema(operatorBookingResponseSchema) },
      },
    },
    async (request): Promise<OperatorBookingResponse> => {
      const job = { ...request.params.job_ref, via: 'job' as const };
      const key = idempotencyKeyOf(request);
      const data = await jobOffers.offer(request.operator!, job, request.body, key);
      return { success: true, data };
    },
  );
}
