import { Box, chakra, Flex, Grid, Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { RegistrationMode } from '../../../../domain/registration';
import { ROUTES } from '../../../config/routes';
import type { RegistrationDataDraft } from '../state/booking-drafts';
import { MODE_LABELS, type FieldErrors } from './registration-form';
import {
  AcceptDocument,
  EmailField,
  NameField,
  NotesField,
  NumberField,
  PasswordField,
  TextMeChoice,
  type TextBinding,
} from './registration-inputs';

type TextField = Exclude<
  keyof RegistrationDataDraft,
  'privacyAccepted' | 'termsAccepted' | 'passengerDetails' | 'passwordDropped' | 'textMe'
>;
type CheckField = 'privacyAccepted' | 'termsAccepted' | 'textMe';

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

/** Texts go to the number given here (or the account's): the choice sits beside it. */
function NumberWithTexts(props: {
  number: TextBinding;
  error: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <NumberField {...props.number} error={props.error} />
      <TextMeChoice checked={props.checked} onChange={props.onChange} />
    </>
  );
}

function FieldsGrid({ children }: { children: ReactNode }) {
  return (
    <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap={4}>
      {children}
    </Grid>
  );
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
  const input = (field: TextField): TextBinding => ({
    id: `${idPrefix}-${field}`,
    value: data[field],
    onChange: (value) => onText(field, value),
  });
  const accept = (field: CheckField) => ({
    checked: data[field] ?? true,
    onChange: (value: boolean) => onCheck(field, value),
  });

  const isNew = mode === 'new_client';
  const email = (
    <EmailField
      {...input('email')}
      error={errors.email}
      onExistingClient={isNew ? onExistingClient : undefined}
    />
  );
  const texts = accept('textMe');
  const number = <NumberWithTexts number={input('number')} error={errors.number} {...texts} />;
  const password = <PasswordField {...input('password')} error={errors.password} isNew={isNew} />;

  switch (mode) {
    case 'guest_login':
      return (
        <FieldsGrid>
          <NameField {...input('firstName')} label="First Name" autoComplete="given-name" />
          <NameField {...input('surname')} label="Last Name" autoComplete="family-name" />
          {email}
          {number}
          <NotesField {...input('additionalInfo')} label="Additional Info" />
          {isReturnTrip ? (
            <NotesField {...input('return_additionalInfo')} label="Return Additional Info" />
          ) : null}
        </FieldsGrid>
      );
    case 'new_client':
      return (
        <FieldsGrid>
          <NameField {...input('firstName')} label="First Name" autoComplete="given-name" />
          <NameField {...input('surname')} label="Surname" autoComplete="family-name" />
          {email}
          {number}
          {password}
          <Box display={{ base: 'none', md: 'block' }} />
          <AcceptDocument
            {...accept('privacyAccepted')}
            to={ROUTES.privacyPolicy}
            name="Privacy Policy"
          />
          <AcceptDocument
            {...accept('termsAccepted')}
            to={ROUTES.terms}
            name="Terms and Conditions"
          />
        </FieldsGrid>
      );
    case 'existing_client':
      return (
        <FieldsGrid>
          {email}
          {password}
          <TextMeChoice {...accept('textMe')} />
          <Box gridColumn={{ md: 'span 2' }}>
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={ROUTES.forgotPassword}>Forgot Password?</RouterLink>
            </Link>
          </Box>
        </FieldsGrid>
      );
  }
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
