import { LabelledCheckbox } from '../../../components/form/labelled-checkbox';
import { Box, chakra, Flex, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PASSWORD_RULE_HINT } from '../../../../domain/password-policy';
import { REGISTRATION_LIMITS } from '../../../../domain/registration';
import { Field, FieldError, FieldLabel, TextInput } from '../../../components/form/fields';
import { InfoTip } from './info-tip';

/**
 * The registration form's controls, each with its label, hints and error. A hint's id and the
 * error's id derive from the control's id, so the form can move focus to a control by it.
 */

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

/** A text control's binding to the registration data. */
export type TextBinding = { id: string; value: string; onChange: (value: string) => void };

type CheckedTextProps = TextBinding & { error: string | undefined };

/** The describedby list of a control: its hints, then its error when it has one. */
function describedBy(ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

/** First name or surname. */
export function NameField({
  id,
  value,
  onChange,
  label,
  autoComplete,
}: TextBinding & { label: string; autoComplete: string }) {
  return (
    <Field id={id} label={label}>
      <TextInput
        id={id}
        type="text"
        autoComplete={autoComplete}
        maxLength={REGISTRATION_LIMITS.nameMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** The email, with the way to sign in instead when the page offers it. */
export function EmailField({
  id,
  value,
  onChange,
  error,
  onExistingClient,
}: CheckedTextProps & { onExistingClient?: (() => void) | undefined }) {
  const signInHintId = `${id}-sign-in`;
  const offerSignIn = onExistingClient !== undefined;
  return (
    <Box minW={0}>
      <FieldLabel htmlFor={id}>Email</FieldLabel>
      <TextInput
        id={id}
        type="email"
        autoComplete="email"
        required
        maxLength={REGISTRATION_LIMITS.emailMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([offerSignIn && signInHintId, error && `${id}-error`])}
      />
      <FieldError id={`${id}-error`} message={error} />
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
}

/** The phone number, with the tip on its format. */
export function NumberField({ id, value, onChange, error }: CheckedTextProps) {
  const tipId = `${id}-tip`;
  return (
    <Box minW={0}>
      <Flex alignItems="center" gap={2} mb={1}>
        <FieldLabel htmlFor={id} style={{ marginBottom: 0 }}>
          Number
        </FieldLabel>
        <InfoTip id={tipId} label="Number format" text={NUMBER_FORMAT_TIP} />
      </Flex>
      <TextInput
        id={id}
        type="tel"
        autoComplete="tel"
        required
        maxLength={REGISTRATION_LIMITS.phoneMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([tipId, error && `${id}-error`])}
      />
      <FieldError id={`${id}-error`} message={error} />
    </Box>
  );
}

/** The password: a new one (with the rule it must meet) or the account's own. */
export function PasswordField({
  id,
  value,
  onChange,
  error,
  isNew,
}: CheckedTextProps & { isNew: boolean }) {
  const ruleId = `${id}-rule`;
  return (
    <Box minW={0}>
      <FieldLabel htmlFor={id}>Password</FieldLabel>
      <TextInput
        id={id}
        type="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        required
        maxLength={REGISTRATION_LIMITS.passwordMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy([isNew && ruleId, error && `${id}-error`])}
      />
      {isNew ? (
        <Text id={ruleId} mt={1} fontSize="sm" color="gray.700">
          {PASSWORD_RULE_HINT}
        </Text>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </Box>
  );
}

/** 'Additional Info' or 'Return Additional Info', across the whole row. */
export function NotesField({ id, value, onChange, label }: TextBinding & { label: string }) {
  return (
    <Box minW={0} gridColumn={{ md: 'span 2' }}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <TextArea
        id={id}
        rows={3}
        maxLength={REGISTRATION_LIMITS.additionalInfoMax}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Box>
  );
}

/** 'I accept the …' with a link to the document, across the whole row. */
export function AcceptDocument({
  checked,
  onChange,
  to,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The document's path. */
  to: string;
  name: string;
}) {
  return (
    <LabelledCheckbox checked={checked} onChange={onChange} gridColumn={{ md: 'span 2' }}>
      I accept the <DocumentLink to={to}>{name}</DocumentLink>
    </LabelledCheckbox>
  );
}

/** "Text me about this booking" (issue 35): on by default, off for mail only. */
export function TextMeChoice(props: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <LabelledCheckbox {...props} gridColumn={{ md: 'span 2' }}>
      Text me about this booking
    </LabelledCheckbox>
  );
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
