import * as z from 'zod/mini';
import { isEmailAddress } from '../../domain/email';

/**
 * Building blocks for the forms' zod schemas (react-hook-form's zodResolver runs them), for
 * rules worded in the page's own words. A rule the server applies too lives in contract/ or
 * domain/ and is only worded here.
 */

/** A text field whose problem, if it has one, `problem` words for the page. */
export function textRule(problem: (text: string) => string | undefined) {
  return z.string().check(
    z.superRefine((text, context) => {
      const message = problem(text);
      if (message) context.addIssue({ code: 'custom', message, input: text });
    }),
  );
}

/** A required email address (domain's rule): blank is `required`; anything else `invalid`. */
export function emailRule(required: string, invalid: string) {
  return textRule((text) => (!text.trim() ? required : isEmailAddress(text) ? undefined : invalid));
}
