import type { FieldPath, UseFormReturn } from 'react-hook-form';
import type { ValidationIssue } from '../../../../../contract/envelope';
import { setFieldIssues } from '../../../../lib/field-issues';
import type { BookingFormDraft } from '../../state/booking-drafts';
import { chooseReturnTime, RETURN_TIME_LABELS, type ReturnTimeField } from './form-defaults';

/** Which field on screen shows a problem with a request path (server or schema). */
function fieldForPath(path: string, compact: boolean): FieldPath<BookingFormDraft> | undefined {
  const [head, index, leaf] = path.split('.');
  if (head === 'stops') {
    if (compact || index === undefined || !/^\d+$/.test(index)) return undefined;
    const field = leaf === 'location' || leaf === undefined ? 'street_name' : leaf;
    return ['street_name', 'number', 'postcode'].includes(field)
      ? (`stops.${Number(index)}.${field}` as FieldPath<BookingFormDraft>)
      : undefined;
  }
  const name = head?.replace(/_location$/, '');
  const shown = [
    'pickup',
    'dropoff',
    'return_pickup',
    'return_dropoff',
    'passengers',
    'pickup_date',
    'pickup_hour',
    'pickup_min',
    'return_passengers',
    'return_date',
    'return_hour',
    'return_min',
  ];
  return name && shown.includes(name) ? (name as FieldPath<BookingFormDraft>) : undefined;
}

/**
 * Puts each problem under its field (compact: the popup has no Extra Stops) and returns what is
 * left to say beside the submit button.
 */
export function placeQuoteIssues(
  form: UseFormReturn<BookingFormDraft>,
  issues: readonly ValidationIssue[],
  compact: boolean,
): string[] {
  const fieldOf = (path: string) => fieldForPath(path, compact);
  const rest = setFieldIssues(form.setError, issues, { fieldOf }).map((i) => i.message);
  // The return time is far from the button on a phone: say beside it what is missing.
  const missingTime = issues
    .map((issue) => issue.path)
    .filter((path): path is ReturnTimeField => Object.hasOwn(RETURN_TIME_LABELS, path))
    .filter((path) => form.getValues(path).trim() === '');
  return missingTime.length > 0 ? [chooseReturnTime(missingTime), ...rest] : rest;
}
