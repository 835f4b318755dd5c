import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { ApiError } from '../../../lib/api-client';
import { emailRule, textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useLogin } from '../api/login';
import type { Notice } from '../components/notice-dialog';
import { CORPORATE_LABELS } from '../lib/format';
import { afterLoginPath, REDIRECT_PARAM } from '../lib/redirect';

/** The Sign In checks, each message naming the field as the page labels it. */
const loginSchema = z.object({
  email: emailRule(
    'Enter your username (the email of your corporate account)',
    'Enter a valid email address as the username, like name@example.com',
  ),
  password: textRule((password) => (password ? undefined : 'Enter your password')),
});
type LoginValues = z.infer<typeof loginSchema>;

/** The spec's texts: a refused pair is 'Invalid credentials'; anything else 'An error occurred'. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) {
    return CORPORATE_MESSAGES.invalidCredentials;
  }
  if (error instanceof ApiError && error.status === 400) return error.message;
  return CORPORATE_MESSAGES.requestFailed;
}

/** The Sign In form, the sign-in and its alert; closing a success's alert moves on. */
export function useCorporateSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const form = useForm<LoginValues>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(loginSchema),
    reValidateMode: 'onSubmit',
  });
  const { field } = useTextFields(form, { clearOnChange: false });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  const signIn = async ({ email, password }: LoginValues) => {
    try {
      await login.mutateAsync({ email: email.trim(), password });
      setSignedIn(true);
      setNotice({
        tone: 'success',
        title: CORPORATE_LABELS.successTitle,
        message: CORPORATE_MESSAGES.loginSuccess,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Sign-in failed:', error);
      setNotice({
        tone: 'error',
        title: CORPORATE_LABELS.errorTitle,
        message: failureMessage(error),
      });
    }
  };

  const submit = (event: FormEvent) => {
    if (login.isPending || signedIn) return event.preventDefault();
    void form.handleSubmit(signIn)(event);
  };

  const closeNotice = () => {
    setNotice(null);
    if (signedIn) {
      void navigate(afterLoginPath(searchParams.get(REDIRECT_PARAM)), { replace: true });
    }
  };

  return { field, submit, signingIn: login.isPending, signedIn, notice, closeNotice };
}
