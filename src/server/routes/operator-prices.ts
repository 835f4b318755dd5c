import type { preHandlerHookHandler } from 'fastify';
import * as z from 'zod/mini';
import {
  chargesInputSchema,
  chargesResponseSchema,
  companyQuerySchema,
  fixedFaresInputSchema,
  fixedFaresResponseSchema,
  pricePreviewRequestSchema,
  pricePreviewResponseSchema,
  priceVersionPathSchema,
  priceVersionResponseSchema,
  priceVersionsResponseSchema,
  rateCardInputSchema,
  rateCardPathSchema,
  rateCardResponseSchema,
  rateCardsResponseSchema,
} from '../../contract/operator-prices';
import {
  bankHolidayPathSchema,
  bankHolidaySchema,
  bankHolidaysResponseSchema,
  zoneInputSchema,
  zonePathSchema,
  zoneResponseSchema,
  zonesResponseSchema,
} from '../../contract/operator-zones';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { PricesSetup } from '../services/prices/prices-setup';

const ok = z.object({ success: z.literal(true) });

/**
 * The Prices page's calls (issue 33; API.md, Operator console, Prices): a company's rate cards,
 * fixed fares and charges for its manager or the admin, zones and bank holidays for the admin.
 */
export function operatorPriceRoutes(
  app: ContractApp,
  { prices, signedIn }: { prices: PricesSetup; signedIn: preHandlerHookHandler },
) {
  const managers = [signedIn, allowRoles('admin', 'manager')];
  const admin = [signedIn, allowRoles('admin')];
  const reply = <T extends z.ZodMiniType>(schema: T) => ({ 200: responseSchema(schema) });

  app.get(
    API_PATHS.operatorRateCards,
    {
      preValidation: managers,
      schema: { querystring: companyQuerySchema, response: reply(rateCardsResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      rate_cards: await prices.prices.listCards(request.operator!, request.query.company_id),
    }),
  );
  app.put(
    API_PATHS.operatorRateCard,
    {
      preValidation: managers,
      schema: {
        params: rateCardPathSchema,
        body: rateCardInputSchema,
        response: reply(rateCardResponseSchema),
      },
    },
    async (request) => ({
      success: true as const,
      rate_card: await prices.prices.saveCard(request.operator!, request.params.id, request.body),
    }),
  );

  companyPriceRoutes(app, { prices, managers });

  app.post(
    API_PATHS.operatorPricePreview,
    {
      preValidation: managers,
      schema: { body: pricePreviewRequestSchema, response: reply(pricePreviewResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      ...(await prices.preview(request.operator!, request.body)),
    }),
  );

  zoneRoutes(app, { prices, admin });
}

/** A company's fixed fares, charges and versions: its manager's, or the admin's. */
function companyPriceRoutes(
  app: ContractApp,
  { prices, managers }: { prices: PricesSetup; managers: preHandlerHookHandler[] },
) {
  const reply = <T extends z.ZodMiniType>(schema: T) => ({ 200: responseSchema(schema) });
  app.get(
    API_PATHS.operatorFixedFares,
    {
      preValidation: managers,
      schema: { querystring: companyQuerySchema, response: reply(fixedFaresResponseSchema) },
    },
    async (request) => prices.prices.fixedFares(request.operator!, request.query.company_id),
  );
  app.put(
    API_PATHS.operatorFixedFares,
    {
      preValidation: managers,
      schema: { body: fixedFaresInputSchema, response: reply(fixedFaresResponseSchema) },
    },
    async (request) => prices.prices.saveFixedFares(request.operator!, request.body),
  );

  app.get(
    API_PATHS.operatorCharges,
    {
      preValidation: managers,
      schema: { querystring: companyQuerySchema, response: reply(chargesResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      charges: await prices.prices.charges(request.operator!, request.query.company_id),
    }),
  );
  app.put(
    API_PATHS.operatorCharges,
    {
      preValidation: managers,
      schema: { body: chargesInputSchema, response: reply(chargesResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      charges: await prices.prices.saveCharges(request.operator!, request.body),
    }),
  );

  app.get(
    API_PATHS.operatorPriceVersions,
    {
      preValidation: managers,
      schema: { querystring: companyQuerySchema, response: reply(priceVersionsResponseSchema) },
    },
    async (request) => {
      const { companyId, versions } = await prices.prices.versions(
        request.operator!,
        request.query.company_id,
      );
      return { success: true as const, company_id: companyId, versions };
    },
  );
  app.post(
    API_PATHS.operatorPriceVersionRestore,
    {
      preValidation: managers,
      schema: { params: priceVersionPathSchema, response: reply(priceVersionResponseSchema) },
    },
    async (request) => ({
      success: true as const,
      version: await prices.prices.restore(request.operator!, request.params.id),
    }),
  );
}

/** Zones and bank holidays: the admin's alone. */
function zoneRoutes(
  app: ContractApp,
  { prices, admin }: { prices: PricesSetup; admin: preHandlerHookHandler[] },
) {
  const { zones } = prices;
  const zoneReply = {
    200: responseSchema(zoneResponseSchema),
    201: responseSchema(zoneResponseSchema),
  };
  app.get(
    API_PATHS.operatorZones,
    { preValidation: admin, schema: { response: { 200: responseSchema(zonesResponseSchema) } } },
    async () => ({ success: true as const, zones: await zones.listZones() }),
  );
  app.post(
    API_PATHS.operatorZones,
    { preValidation: admin, schema: { body: zoneInputSchema, response: zoneReply } },
    async (request, res) =>
      res
        .code(201)
        .send({ success: true, zone: await zones.addZone(request.operator!, request.body) }),
  );
  app.put(
    API_PATHS.operatorZone,
    {
      preValidation: admin,
      schema: { params: zonePathSchema, body: zoneInputSchema, response: zoneReply },
    },
    async (request) => ({
      success: true as const,
      zone: await zones.updateZone(request.operator!, request.params.id, request.body),
    }),
  );
  app.delete(
    API_PATHS.operatorZone,
    {
      preValidation: admin,
      schema: { params: zonePathSchema, response: { 200: responseSchema(ok) } },
    },
    async (request) => {
      await zones.deleteZone(request.operator!, request.params.id);
      return { success: true as const };
    },
  );
  app.get(
    API_PATHS.operatorBankHolidays,
    {
      preValidation: admin,
      schema: { response: { 200: responseSchema(bankHolidaysResponseSchema) } },
    },
    async () => ({ success: true as const, bank_holidays: await zones.listBankHolidays() }),
  );
  app.put(
    API_PATHS.operatorBankHolidays,
    {
      preValidation: admin,
      schema: { body: bankHolidaySchema, response: { 200: responseSchema(ok) } },
    },
    async (request) => {
      await zones.saveBankHoliday(request.operator!, request.body);
      return { success: true as const };
    },
  );
  app.delete(
    API_PATHS.operatorBankHoliday,
    {
      preValidation: admin,
      schema: { params: bankHolidayPathSchema, response: { 200: responseSchema(ok) } },
    },
    async (request) => {
      await zones.deleteBankHoliday(request.operator!, request.params);
      return { success: true as const };
    },
  );
}
