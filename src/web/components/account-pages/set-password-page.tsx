import { Box } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../lib/failure-message';
import { LoadingBlock } from '../loading-block';
import { AlertMessage } from '../status-panels';
import { AccountCard, AccountHeading, SignInLink } from './account-card';
import { SetPasswordForm, type Invitee, type SetPasswordFormProps } from './set-password-form';

export type { Invitee, SetPasswordSave } from './set-password-form';

/** The invitation link's token (`?token=`), '' when the link has none. */
export function useInvitationToken(): string {
  const [searchParams] = useSearchParams();
  return searchParams.get('token') ?? '';
}

export interface SetPasswordPageProps extends SetPasswordFormProps {
  /** The lookup of the token's invitation (a query, not run without a token). */
  invitation: UseQueryResult<Invitee>;
  /** Shown for a link without its token. */
  missingLink: string;
  /** Shown while the link is looked up. */
  checking: string;
}

/**
 * Where an invitation link lands (`?token=…`): the link's owner chooses a password, which uses
 * the link up and signs them in; a used, expired or replaced link says so (the server's words)
 * and what to do.
 */
export function SetPasswordPage(props: SetPasswordPageProps) {
  const { look, token, invitation, heading } = props;

  if (token === '' || invitation.isError) {
    return (
      <AccountCard look={look}>
        <AccountHeading mb={4}>{heading}</AccountHeading>
        <Box mb={4}>
          <AlertMessage>
            {token === ''
              ? props.missingLink
              : failureMessage(invitation.error, props.generalFailure)}
          </AlertMessage>
        </Box>
        <SignInLink to={props.signInPath} />
      </AccountCard>
    );
  }
  if (invitation.isPending) {
    return (
      <AccountCard look={look}>
        <AccountHeading mb={4}>{heading}</AccountHeading>
        <LoadingBlock label={props.checking} />
      </AccountCard>
    );
  }
  return <SetPasswordForm {...props} invitee={invitation.data} />;
}
