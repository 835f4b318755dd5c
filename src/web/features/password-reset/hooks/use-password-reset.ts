import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '../../../../domain/messages';
import { ROUTES } from '../../../config/routes';
import { useTextFields } from '../../../lib/use-text-fields';
import { useResetPassword, useSendResetCode, useVerifyResetCode } from '../api/password-reset';
import { resetFailureText, sendFailureText, verifyFailureText } from '../lib/reset-messages';
import {
  cleanCode,
  FIRST_FIELD,
  STEP_SCHEMAS,
  type ResetValues,
  type Step,
} from '../lib/reset-form';

/** The spec's alert timer: how long 'Password has been reset successfully' shows. */
export const RESET_REDIRECT_DELAY_MS = 3000;

type Notice = { tone: 'success' | 'error'; text: string };

/** The one form behind the three steps, the step shown, and the return once it is done. */
function useResetSteps(savedEmail: string | undefined) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('email');
  // Focus follows the steps once the visitor has moved between them.
  const [moved, setMoved] = useState(false);
  const form = useForm<ResetValues>({
    defaultValues: { email: '', code: '', newPassword: '', confirmPassword: '' },
    resolver: (values, context, options) =>
      step === 'done'
        ? { values, errors: {} }
        : zodResolver(STEP_SCHEMAS[step])(values, context, options),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { field, values, set } = useTextFields(form, { clearOnChange: false });

  // Until typed in, the email is the one given on the personal details step, if any.
  useEffect(() => {
    if (savedEmail && !form.getFieldState('email').isDirty) form.setValue('email', savedEmail);
  }, [savedEmail, form]);

  useEffect(() => {
    if (moved && step !== 'done') form.setFocus(FIRST_FIELD[step]);
  }, [moved, step, form]);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = window.setTimeout(
      () => void navigate(ROUTES.personalDetails),
      RESET_REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [step, navigate]);

  const goTo = (next: Step) => {
    form.clearErrors();
    setMoved(true);
    setStep(next);
  };

  /** Runs the shown step's checks, then `send`; a failed check puts focus on the step's field. */
  const onSubmit = (send: (values: ResetValues) => Promise<void>) =>
    form.handleSubmit(send, () => {
      if (step !== 'done') form.setFocus(FIRST_FIELD[step]);
    });

  return { step, setStep, goTo, onSubmit, field, values, set };
}

/**
 * Forgot password (spec: three steps): send a code to the email, verify it, then choose a new
 * password, each step's outcome said above the form.
 */
export function usePasswordReset(savedEmail: string | undefined) {
  const sendCode = useSendResetCode();
  const verifyCode = useVerifyResetCode();
  const reset = useResetPassword();
  const [notice, setNotice] = useState<Notice | null>(null);
  const { step, setStep, goTo, onSubmit, field, values, set } = useResetSteps(savedEmail);

  const submitEmail = onSubmit(async ({ email }) => {
    setNotice(null);
    try {
      await sendCode.mutateAsync(email.trim());
      set('code', '');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeSent });
      goTo('code');
    } catch (error) {
      setNotice({ tone: 'error', text: sendFailureText(error) });
    }
  });

  const submitCode = onSubmit(async ({ email, code }) => {
    setNotice(null);
    try {
      await verifyCode.mutateAsync({ email: email.trim(), code: cleanCode(code) });
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.codeVerified });
      goTo('password');
    } catch (error) {
      setNotice({ tone: 'error', text: verifyFailureText(error) });
    }
  });

  const submitPassword = onSubmit(async ({ email, code, newPassword, confirmPassword }) => {
    if (newPassword !== confirmPassword) {
      setNotice({ tone: 'error', text: ACCOUNT_MESSAGES.passwordsDoNotMatch });
      return;
    }
    setNotice(null);
    try {
      await reset.mutateAsync({
        email: email.trim(),
        code: cleanCode(code),
        new_password: newPassword,
      });
      set('newPassword', '');
      set('confirmPassword', '');
      setNotice({ tone: 'success', text: ACCOUNT_MESSAGES.resetDone });
      setStep('done');
    } catch (error) {
      setNotice({ tone: 'error', text: resetFailureText(error) });
    }
  });

  const backToEmail = () => {
    setNotice(null);
    goTo('email');
  };

  return {
    step,
    email: values.email,
    field,
    notice,
    submitEmail,
    submitCode,
    submitPassword,
    backToEmail,
    sending: sendCode.isPending,
    verifying: verifyCode.isPending,
    resetting: reset.isPending,
  };
}

/** A control's props from the form, as TextField takes them. */
export type ResetField = ReturnType<typeof usePasswordReset>['field'];
