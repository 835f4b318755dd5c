import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { PriceDetail } from '../../src/contract/quotes';
import { toSelectedVehicleDraft } from '../../src/web/features/booking/components/quote-summary/selected-vehicle';
import type {
  BookingDrafts,
  BookingFormDraft,
  HourlyFormDraft,
} from '../../src/web/features/booking/state/booking-drafts';
import { answerFetch, demoCompanies, demoPlaces, demoVehicles, jsonResponse } from './helpers';
import { priceDetail, quotationSettings, seedQuote, selectedAnswer } from './quotation-fixtures';

export type Reply = { status?: number; body: unknown } | 'network-error';
export type Posted = { path: string; body: Record<string, unknown> };

/** The chosen vehicle as Book Now leaves it: `count` of the detail, priced by the server. */
export function selectedVehicle(detail: PriceDetail = priceDetail(), count = 1) {
  return toSelectedVehicleDraft(selectedAnswer(detail, count), 'selection');
}

type DetailsSeed = {
  bookingType?: 'milleage' | 'hourly';
  form?: BookingFormDraft;
  hourly?: HourlyFormDraft;
  selected?: BookingDrafts['selectedVehicleData'];
};

/** A quote with a chosen vehicle: what the personal details step needs. */
export async function seedDetailsStep({
  bookingType = 'milleage',
  form,
  hourly,
  selected = selectedVehicle(),
}: DetailsSeed = {}) {
  await seedQuote({
    bookingType,
    ...(form ? { form } : {}),
    ...(hourly ? { hourly } : {}),
    selected,
  });
}

/**
 * Answers the catalogue calls with `settings` and each POST path with its handler (404 when
 * none); records every POST body in `posted`.
 */
export function answerAccountCalls({
  settings = quotationSettings(),
  handlers = {},
}: {
  settings?: Record<string, string>;
  handlers?: Partial<Record<string, (body: Record<string, unknown>) => Reply>>;
} = {}) {
  const posted: Posted[] = [];
  const catalogue: Record<string, unknown> = {
    [API_PATHS.settingsFlat]: Object.entries(settings).map(([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    })),
    [API_PATHS.fetchVehicles]: demoVehicles,
    [API_PATHS.fetchCompanies]: demoCompanies,
    [API_PATHS.aiAddresses]: demoPlaces,
  };
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ path, body });
      const handler = handlers[path];
      if (!handler) return jsonResponse({ success: false, message: 'Not found' }, 404);
      const reply = handler(body);
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return jsonResponse(reply.body, reply.status ?? 200);
    }
    const data = catalogue[path];
    if (data === undefined) return jsonResponse({ success: false, message: 'Not found' }, 404);
    return jsonResponse({ success: true, data });
  });
  return { spy, posted };
}
