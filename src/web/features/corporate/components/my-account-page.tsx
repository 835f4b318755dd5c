import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CORPORATE_MESSAGES } from '../../../../domain/messages';
import { emailKey, isEmailAddress } from '../../../../domain/registration';
import { TextField } from '../../../components/form/fields';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePassenger } from '../api/update-passenger';
import { isTokenRejected } from '../api/validate-token';
import { CORPORATE_LABELS } from '../lib/format';
import { CorporateShell, type CorporateContext } from './corporate-shell';
import { NoticeDialog, type Notice } from './notice-dialog';

type Errors = { name?: string; email?: string; currentPassword?: string };

function validate(name: string, email: string, currentPassword: string | undefined): Errors {
  return {
    name: name.trim() ? undefined : 'Enter your name',
    email: !email.trim()
      ? 'Enter your email address'
      : !isEmailAddress(email)
        ? 'Enter a valid email address, like name@example.com'
        : undefined,
    currentPassword:
      currentPassword === '' ? CORPORATE_MESSAGES.currentPasswordRequired : undefined,
  };
}

/** The server's field problems (400 errors[]) by the form's own field names. */
function fieldErrors(error: unknown): Errors | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const byPath: Record<string, keyof Errors> = {
    name: 'name',
    email: 'email',
    current_password: 'currentPassword',
  };
  const found: Errors = {};
  for (const issue of error.issues) {
    const field = byPath[issue.path];
    if (field && !found[field]) found[field] = issue.message;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

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

function EditProfile({ session, setPassenger, signOutToLogin }: CorporateContext) {
  const headingId = useId();
  const update = useUpdatePassenger();
  const { passenger } = session;
  const [name, setName] = useState(passenger.passenger_name);
  const [email, setEmail] = useState(passenger.passenger_email);
  const [phone, setPhone] = useState(passenger.passenger_contact_no);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [refused, setRefused] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const currentPasswordRef = useRef<HTMLInputElement>(null);
  // The email is how the account signs in, so the server asks for the password to change it.
  const emailChanges = emailKey(email) !== emailKey(passenger.passenger_email);

  const showProblems = (problems: Errors): boolean => {
    setErrors(problems);
    if (problems.name) nameRef.current?.focus();
    else if (problems.email) emailRef.current?.focus();
    else if (problems.currentPassword) currentPasswordRef.current?.focus();
    else return false;
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    if (showProblems(validate(name, email, emailChanges ? currentPassword : undefined))) return;
    try {
      const answer = await update.mutateAsync({
        token: session.token,
        changes: {
          passenger_id: passenger.passenger_id,
          name: name.trim(),
          email: email.trim(),
          phone: phone.trim(),
          ...(emailChanges ? { current_password: currentPassword } : {}),
        },
      });
      setPassenger(answer.passenger);
      setName(answer.passenger.passenger_name);
      setEmail(answer.passenger.passenger_email);
      setPhone(answer.passenger.passenger_contact_no);
      setCurrentPassword('');
      setNotice({
        tone: 'success',
        title: CORPORATE_LABELS.successTitle,
        message: CORPORATE_MESSAGES.profileUpdated,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Profile update failed:', error);
      // A field the server refused is shown under that field, like the browser's own checks.
      const problems = fieldErrors(error);
      if (problems && showProblems(problems)) return;
      setRefused(isTokenRejected(error));
      setNotice({
        tone: 'error',
        title: CORPORATE_LABELS.errorTitle,
        message: failureMessage(error),
      });
    }
  };

  const closeNotice = () => {
    setNotice(null);
    // The server no longer accepts this sign-in: sign in again, then come back here.
    if (refused) void signOutToLogin();
  };

  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      layerStyle="card"
      bg="white"
      p={{ base: 5, md: 8 }}
      maxW="xl"
    >
      <Heading as="h2" id={headingId} size="xl" mb={5} color="gray.900">
        Edit Profile
      </Heading>
      <form noValidate aria-labelledby={headingId} onSubmit={(event) => void submit(event)}>
        <Flex direction="column" gap={4}>
          <TextField
            ref={nameRef}
            id="profile-name"
            label="Name"
            error={errors.name}
            name="name"
            autoComplete="name"
            required
            maxLength={200}
            value={name}
            onValueChange={setName}
          />
          <TextField
            ref={emailRef}
            id="profile-email"
            label="Email"
            error={errors.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onValueChange={setEmail}
          />
          <TextField
            id="profile-phone"
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            onValueChange={setPhone}
          />
          {emailChanges && (
            <TextField
              ref={currentPasswordRef}
              id="profile-current-password"
              label="Current password"
              error={errors.currentPassword}
              name="current-password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              value={currentPassword}
              onValueChange={setCurrentPassword}
            />
          )}
        </Flex>
        <Button type="submit" colorPalette="brand" mt={6} loading={update.isPending}>
          Save
        </Button>
      </form>
      <NoticeDialog notice={notice} onClose={closeNotice} />
    </Box>
  );
}

/** /my-account (spec section 2): the passenger's 'Edit Profile' card. */
export function MyAccountPage() {
  return (
    <CorporateShell title="My Account">{(context) => <EditProfile {...context} />}</CorporateShell>
  );
}
