import type * as z from 'zod/mini';
import { parseRequest, RequestValidationError } from '../errors';

/**
 * A form nested in a request body (bookingForm, hourlyRateForm, registrationData), parsed with
 * the same schema as when it is sent on its own; a 400 names fields as `bookingForm.pickup_date`,
 * and a missing form gets `missingMessage` (the spec's 'BookingForm data is missing.').
 */
export function parseNestedForm<T extends z.ZodMiniType>(
  schema: T,
  value: unknown,
  field: string,
  missingMessage: string,
): z.infer<T> {
  if (value === undefined || value === null) {
    throw new RequestValidationError([{ path: field, message: missingMessage }]);
  }
  try {
    return parseRequest(schema, value);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    throw new RequestValidationError(
      error.issues.map((issue) => ({
        path: issue.path ? `${field}.${issue.path}` : field,
        message: issue.message,
      })),
    );
  }
}
