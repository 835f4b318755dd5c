import { Button, Flex, Text } from '@chakra-ui/react';
import type { ConsoleAccount } from '../../../../../contract/operator-accounts';
import { INVITATION_VALID_HOURS } from '../../../../../domain/console-account-messages';
import { Options, TextField } from '../../../../components/form/fields';
import { AlertMessage } from '../../../../components/status-panels';
import { SelectControlField } from '../../components/select-control';
import { useAccountForm } from '../hooks/use-account-form';

/**
 * Add account (account null): name, email, role and, for the admin, company; the person sets
 * their own password from the invitation mailed to them. Change role: role and, for the admin,
 * company.
 */
export function AccountForm({
  account,
  isAdmin,
  onSaved,
}: {
  account: ConsoleAccount | null;
  isAdmin: boolean;
  onSaved: (account: ConsoleAccount) => void;
}) {
  const { form, field, submit, saving, failure, roleOptions, companyOptions, asksCompany } =
    useAccountForm(account, isAdmin, onSaved);
  const adding = account === null;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        {adding ? (
          <>
            <TextField
              id="account-name"
              label="Name"
              {...field('name')}
              autoComplete="off"
              required
              maxLength={100}
            />
            <TextField
              id="account-email"
              label="Email"
              {...field('email')}
              type="email"
              inputMode="email"
              autoComplete="off"
              required
              maxLength={254}
            />
          </>
        ) : null}
        <SelectControlField id="account-role" label="Role" {...field('role')} required>
          <option value="">Choose a role</option>
          <Options options={roleOptions} />
        </SelectControlField>
        {asksCompany ? (
          <SelectControlField
            id="account-company"
            label="Company"
            {...field('company_id')}
            required
          >
            <option value="">Choose a company</option>
            <Options options={companyOptions} />
          </SelectControlField>
        ) : null}
        {adding ? (
          <Text fontSize="sm" color="gray.700">
            We email them a link to choose their own password. It works once, for{' '}
            {INVITATION_VALID_HOURS} hours.
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving}>
          {adding ? 'Add account and send invitation' : 'Save role'}
        </Button>
      </Flex>
    </form>
  );
}
