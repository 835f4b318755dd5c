import type { preHandlerHookHandler } from 'fastify';
import { declineOfferRequestSchema } from '../../contract/driver';
import { driverOkResponseSchema } from '../../contract/driver-app';
import { offerAnswerResponseSchema, type OfferAnswerResponse } from '../../contract/job-offers';
import { jobPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import {
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from '../../contract/web-push';
import type { ContractApp } from '../http/contract-validation';
import { responseSchema } from '../lib/response-schema';
import type { JobOffersService } from '../services/job-offers/job-offers-service';

/**
 * The driver's answers to an offer and the phone's push subscription (issue 34; API.md, The
 * driver's app). A job neither offered nor assigned to the driver is 404, another company's
 * too; an offer that has ended is 409.
 */
export function driverOfferRoutes(
  context: { app: ContractApp; signedIn: preHandlerHookHandler },
  jobOffers: JobOffersService,
) {
  const { app, signedIn } = context;
  const answerReply = { 200: responseSchema(offerAnswerResponseSchema) };

  app.post(
    API_PATHS.driverJobAccept,
    { preValidation: signedIn, schema: { params: jobPathSchema, response: answerReply } },
    async (request): Promise<OfferAnswerResponse> => ({
      success: true,
      data: await jobOffers.accept(request.driver!, request.params.job_ref),
    }),
  );

  app.post(
    API_PATHS.driverJobDecline,
    {
      preValidation: signedIn,
      schema: { params: jobPathSchema, body: declineOfferRequestSchema, response: answerReply },
    },
    async (request): Promise<OfferAnswerResponse> => ({
      success: true,
      data: await jobOffers.decline(request.driver!, request.params.job_ref, request.body.reason),
    }),
  );

  app.post(
    API_PATHS.driverPushSubscription,
    {
      preValidation: signedIn,
      schema: {
        body: pushSubscriptionRequestSchema,
        response: { 200: responseSchema(driverOkResponseSchema) },
      },
    },
    async (request) => {
      await jobOffers.subscribe(request.driver!, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    API_PATHS.driverPushSubscription,
    {
      preValidation: signedIn,
      schema: {
        body: pushUnsubscribeRequestSchema,
        response: { 200: responseSchema(driverOkResponseSchema) },
      },
    },
    async (request) => {
      await jobOffers.unsubscribe(request.driver!, request.body.endpoint);
      return { success: true as const };
    },
  );
}
