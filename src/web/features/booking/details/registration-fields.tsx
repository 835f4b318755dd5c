import { Box, chakra, Flex, Grid, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PASSWORD_RULE_HINT } from '../../../../domain/password-policy';
import { REGISTRATION_LIMITS, type RegistrationMode } from '../../../../domain/registration';
import { Field, FieldError, FieldLabel, TextInput } from '../../../components/form/fields';
import { ROUTES } from '../../../config/routes';
import type { RegistrationDataDraft } from '../state/booking-drafts';
import { MODE_LABELS, type FieldErrors } from './registration-form';
import { InfoTip } from './info-tip';

export const NUMBER_FORMAT_TIP =
  'Include your country code so the driver can reach you, e.g. +44 7700 900123.';

const TextArea = chakra('textarea', {
  base: {
    display: 'block',
    width: '100%',
    minHeight: '24',
    px: '3',
    py: '2',
    bg: 'white',
    color: 'gray.900',
    fontSize: 'md',
    borderWidth: '1px',
    borderColor: 'gray.400',
    borderRadius: 'md',
    _hover: { borderColor: 'gray.500' },
  },
});

type TextField = Exclude<
  keyof RegistrationDataDraft,
  'privacyAccepted' | 'termsAccepted' | 'passengerDetails' | 'passwordDropped'
>;
type CheckField = 'privacyAccepted' | 'termsAccepted';

export type RegistrationFieldsProps = {
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  mode: RegistrationMode;
  data: RegistrationDataDraft;
  errors: FieldErrors;
  /** Return trips add 'Return Additional Info' for guests. */
  isReturnTrip: boolean;
  onText: (field: TextField, value: string) => void;
  onCheck: (field: CheckField, value: boolean) => void;
  /**
   * Switches to Existing Client, keeping the email. Offered to every new client alike: the
   * page never asks anyone whether an email has an account (see the hardening issue).
   */
  onExistingClient?: (() => void) | undefined;
};

/** The describedby list of a control: its hints, then its error when it has one. */
function describedBy(ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/**
 * The fields of the chosen mode, exactly the spec's: guests give name, contact and notes; new
 * clients a name, contact, a password and the two acceptances; existing clients sign in.
 */
export function RegistrationFields({
  idPrefix,
  mode,
  data,
  errors,
  isReturnTrip,
  onText,
  onCheck,
  onExistingClient,
}: RegistrationFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const errorId = (field: string) => `${id(field)}-error`;

  const text = (
    field: TextField,
    label: string,
    options: { type?: string; autoComplete?: string; max?: number } = {},
  ) => (
    <Field id={id(field)} label={label}>
      <TextInput
        id={id(field)}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        maxLength={options.max ?? REGISTRATION_LIMITS.nameMax}
        value={data[field]}
        onChange={(event) => onText(field, event.target.value)}
      />
    </Field>
  );

  const signInHintId = id('email-sign-in');
  const offerSignIn = mode === 'new_client' && onExistingClient !== undefined;
  const email = (
    <Box minW={0}>
      <FieldLabel htmlFor={id('email')}>Email</FieldLabel>
      <TextInput
        id={id('email')}
        type="email"
        autoComplete="email"
        required
        maxLength={REGISTRATION_LIMITS.emailMax}
        value={data.email}
        onChange={(event) => onText('email', event.target.value)}
        aria-invalid={errors.email ? true : undefined}
        aria-describedby={describedBy([
          offerSignIn && signInHintId,
          errors.email && errorId('email'),
        ])}
      />
      <FieldError id={errorId('email')} message={errors.email} />
      {offerSignIn ? (
        <Text id={signInHintId} mt={1} fontSize="sm" color="gray.700">
          Already have an account?{' '}
          <chakra.button
            type="button"
            onClick={onExistingClient}
            color="brand.fg"
            fontWeight="semibold"
            textDecoration="underline"
            cursor="pointer"
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
          >
            Sign in as an Existing client
          </chakra.button>
        </Text>
      ) : null}
    </Box>
  );

  const tipId = id('number-tip');
  const number = (
    <Box minW={0}>
      <Flex alignItems="center" gap={2} mb={1}>
        <FieldLabel htmlFor={id('number')} style={{ marginBottom: 0 }}>
          Number
        </FieldLabel>
        <InfoTip id={tipId} label="Number format" text={NUMBER_FORMAT_TIP} />
      </Flex>
      <TextInput
        id={id('number')}
        type="tel"
        autoComplete="tel"
        required
        maxLength={REGISTRATION_LIMITS.phoneMax}
        value={data.number}
        onChange={(event) => onText('number', event.target.value)}
        aria-invalid={errors.number ? true : undefined}
        aria-describedby={describedBy([tipId, errors.number && errorId('number')])}
      />
      <FieldError id={errorId('number')} message={errors.number} />
    </Box>
  );

  const ruleId = id('password-rule');
  const newPassword = mode === 'new_client';
  const password = (
    <Box minW={0}>
      <FieldLabel htmlFor={id('password')}>Password</FieldLabel>
      <TextInput
        id={id('password')}
        type="password"
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        required
        maxLength={REGISTRATION_LIMITS.passwordMax}
        value={data.password}
        onChange={(event) => onText('password', event.target.value)}
        aria-invalid={errors.password ? true : undefined}
        aria-describedby={describedBy([
          newPassword && ruleId,
          errors.password && errorId('password'),
        ])}
      />
      {newPassword ? (
        <Text id={ruleId} mt={1} fontSize="sm" color="gray.700">
          {PASSWORD_RULE_HINT}
        </Text>
      ) : null}
      <FieldError id={errorId('password')} message={errors.password} />
    </Box>
  );

  const textArea = (field: 'additionalInfo' | 'return_additionalInfo', label: string) => (
    <Box minW={0} gridColumn={{ md: 'span 2' }}>
      <FieldLabel htmlFor={id(field)}>{label}</FieldLabel>
      <TextArea
        id={id(field)}
        rows={3}
        maxLength={REGISTRATION_LIMITS.additionalInfoMax}
        value={data[field]}
        onChange={(event) => onText(field, event.target.value)}
      />
    </Box>
  );

  const checkbox = (field: CheckField, label: ReactNode) => (
    <chakra.label
      display="flex"
      alignItems="center"
      gap={2}
      minH="44px"
      cursor="pointer"
      color="gray.900"
      gridColumn={{ md: 'span 2' }}
    >
      <chakra.input
        type="checkbox"
        w="5"
        h="5"
        accentColor="brand.solid"
        checked={data[field]}
        onChange={(event) => onCheck(field, event.target.checked)}
      />
      {label}
    </chakra.label>
  );

  const grid = (children: ReactNode) => (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap={4}>
      {children}
    </Grid>
  );

  switch (mode) {
    case 'guest_login':
      return grid(
        <>
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
          {text('surname', 'Last Name', { autoComplete: 'family-name' })}
          {email}
          {number}
          {textArea('additionalInfo', 'Additional Info')}
          {isReturnTrip ? textArea('return_additionalInfo', 'Return Additional Info') : null}
        </>,
      );
    case 'new_client':
      return grid(
        <>
          {text('firstName', 'First Name', { autoComplete: 'given-name' })}
          {text('surname', 'Surname', { autoComplete: 'family-name' })}
          {email}
          {number}
          {password}
          <Box display={{ base: 'none', md: 'block' }} />
          {checkbox(
            'privacyAccepted',
            <span>
              I accept the <DocumentLink to={ROUTES.privacyPolicy}>Privacy Policy</DocumentLink>
            </span>,
          )}
          {checkbox(
            'termsAccepted',
            <span>
              I accept the <DocumentLink to={ROUTES.terms}>Terms and Conditions</DocumentLink>
            </span>,
          )}
        </>,
      );
    case 'existing_client':
      return grid(
        <>
          {email}
          {password}
          <Box gridColumn={{ md: 'span 2' }}>
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
            </Link>
          </Box>
        </>,
      );
  }
}

/**
 * A document the passenger accepts, opened in a new tab so the form stays as it is; the
 * link's own click must not tick the box its label belongs to.
 */
function DocumentLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" textDecoration="underline">
      <RouterLink
        to={to}
        target="_blank"
        rel="noopener"
        onClick={(event) => event.stopPropagation()}
      >
        {children}
      </RouterLink>
    </Link>
  );
}

type ModeChoiceProps = {
  name: string;
  modes: readonly RegistrationMode[];
  mode: RegistrationMode;
  onChange: (mode: RegistrationMode) => void;
  labelledBy: string;
};

/** Guest, New Client or Existing Client as radio buttons: arrow keys move between them. */
export function ModeChoice({ name, modes, mode, onChange, labelledBy }: ModeChoiceProps) {
  return (
    <Flex role="radiogroup" aria-labelledby={labelledBy} gap={{ base: 2, md: 4 }} flexWrap="wrap">
      {modes.map((value) => (
        <chakra.label
          key={value}
          display="flex"
          alignItems="center"
          gap={2}
          minH="44px"
          px={3}
          borderWidth="1px"
          borderColor={mode === value ? 'brand.solid' : 'gray.300'}
          bg={mode === value ? 'brand.muted' : 'white'}
          rounded="md"
          cursor="pointer"
          fontWeight={mode === value ? 'semibold' : 'medium'}
          color="gray.900"
        >
          <chakra.input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
            w="4"
            h="4"
            accentColor="brand.solid"
          />
          {MODE_LABELS[value]}
        </chakra.label>
      ))}
    </Flex>
  );
}
