import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { CorporatePassenger } from '../../../../contract/corporate';
import { phoneMessages, phoneSchema } from '../../../../contract/phone';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { emailKey } from '../../../../domain/registration';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useUpdatePassenger } from '../api/update-passenger';
import { isTokenRejected } from '../api/validate-token';
import type { CorporateContext } from '../components/corporate-shell';
import type { Notice } from '../components/notice-dialog';
import { CORPORATE_LABELS } from '../lib/format';

/**
 * The Edit Profile checks; the current password is asked for only when the email changes
 * (the server's rule too: the email is how the account signs in).
 */
function profileSchema(emailChanges: boolean) {
  return z.object({
    name: textRule((name) => (name.trim() ? undefined : 'Enter your name')),
    email: emailRule(
      'Enter your email address',
      'Enter a valid email address, like name@example.com',
    ),
    phone: phoneSchema(phoneMessages('Phone')),
    currentPassword: emailChanges
      ? textRule((password) => (password ? undefined : CORPORATE_MESSAGES.currentPasswordRequired))
      : z.string(),
  });
}
type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;
type ProfileField = keyof ProfileValues;

/** The server's 400 issues by the form's own field names, in the page's order. */
const FIELD_OF_PATH: Record<string, ProfileField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  current_password: 'currentPassword',
};
const PROFILE_ORDER: ProfileField[] = ['name', 'email', 'phone', 'currentPassword'];
const fieldOfPath = (path: string) =>
  Object.hasOwn(FIELD_OF_PATH, path) ? FIELD_OF_PATH[path] : undefined;

const profileValues = (passenger: CorporatePassenger): ProfileValues => ({
  name: passenger.passenger_name,
  email: passenger.passenger_email,
  phone: passenger.passenger_contact_no,
  currentPassword: '',
});

/**
 * The spec's texts (section 8): a refusal shows the server's message; a request that failed
 * shows 'An error occurred. Please try again later.' and what went wrong.
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.message;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `${CORPORATE_MESSAGES.requestFailed} ${detail}`;
}

/**
 * Edit Profile: the form as the passenger stands, the save, and the alert that follows. A token
 * the server no longer accepts signs out to /login once its alert is closed.
 */
export function useEditProfile({
  session,
  setPassenger,
  signOutToLogin,
}: Pick<CorporateContext, 'session' | 'setPassenger' | 'signOutToLogin'>) {
  const update = useUpdatePassenger();
  const { passenger } = session;
  const changesEmail = (email: string) => emailKey(email) !== emailKey(passenger.passenger_email);
  const form = useForm<ProfileValues>({
    defaultValues: profileValues(passenger),
    resolver: (current, context, options) =>
      zodResolver(profileSchema(changesEmail(current.email)))(current, context, options),
    reValidateMode: 'onSubmit',
  });
  const { field, values } = useTextFields(form, { clearOnChange: false });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [refused, setRefused] = useState(false);
  // The email is how the account signs in, so the server asks for the password to change it.
  const emailChanges = changesEmail(values.email);

  const save = async ({ name, email, phone, currentPassword }: ProfileValues) => {
    try {
      const answer = await update.mutateAsync({
        token: session.token,
        changes: {
          passenger_id: passenger.passenger_id,
          name: name.trim(),
          email: email.trim(),
          phone: phone.trim(),
          ...(changesEmail(email) ? { current_password: currentPassword } : {}),
        },
      });
      setPassenger(answer.passenger);
      form.reset(profileValues(answer.passenger));
      setNotice({
        tone: 'success',
        title: CORPORATE_LABELS.successTitle,
        message: CORPORATE_MESSAGES.profileUpdated,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Profile update failed:', error);
      // A field the server refused is shown under that field, like the browser's own checks.
      if (error instanceof ApiError && error.status === 400) {
        const options = { fieldOf: fieldOfPath, order: PROFILE_ORDER };
        const rest = setFieldIssues(form.setError, error.issues, options);
        if (rest.length < error.issues.length) return;
      }
      setRefused(isTokenRejected(error));
      setNotice({
        tone: 'error',
        title: CORPORATE_LABELS.errorTitle,
        message: failureMessage(error),
      });
    }
  };

  const submit = (event: FormEvent) => {
    if (update.isPending) return event.preventDefault();
    void form.handleSubmit(save)(event);
  };

  const closeNotice = () => {
    setNotice(null);
    // The server no longer accepts this sign-in: sign in again, then come back here.
    if (refused) void signOutToLogin();
  };

  return { field, emailChanges, submit, saving: update.isPending, notice, closeNotice };
}
