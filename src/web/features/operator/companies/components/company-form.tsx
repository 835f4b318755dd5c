import { Button, Flex } from '@chakra-ui/react';
import * as z from 'zod/mini';
import type { CompanyRecord } from '../../../../../contract/operator-companies';
import { TextField } from '../../../../components/form/fields';
import { textRule } from '../../../../lib/form-rules';
import { AlertMessage } from '../../../../components/status-panels';
import { useSetupForm } from '../../fleet/hooks/use-setup-form';
import { useSaveCompany } from '../api/save-company';

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/** What the form checks before sending; the server applies companyInputSchema's rules. */
const companyFormSchema = z.object({
  name: required('Enter the company’s name'),
  address: required('Enter the company’s address'),
  phone: z.string(),
  email: z.string(),
  vat_number: z.string(),
});
type CompanyValues = z.infer<typeof companyFormSchema>;

const LABELS = {
  name: 'Name',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  vat_number: 'VAT number',
} as const;

/** Add company / Edit (the admin's): POST for a new company, PATCH for an existing one. */
export function CompanyForm({
  company,
  onSaved,
}: {
  company: CompanyRecord | null;
  onSaved: (company: CompanyRecord) => void;
}) {
  const save = useSaveCompany();
  const { form, field, submit, failure } = useSetupForm<CompanyValues, CompanyRecord>({
    schema: companyFormSchema,
    defaults: {
      name: company?.name ?? '',
      address: company?.address ?? '',
      phone: company?.phone ?? '',
      email: company?.email ?? '',
      vat_number: company?.vat_number ?? '',
    },
    labels: LABELS,
    save: (values) => {
      const body = {
        name: values.name.trim(),
        address: values.address.trim(),
        phone: values.phone.trim(),
        email: values.email.trim(),
        vat_number: values.vat_number.trim(),
      };
      return save.mutateAsync(company ? { id: company.id, body } : { id: null, body });
    },
    onSaved,
    error: save.error,
  });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <TextField
          id="company-name"
          label={LABELS.name}
          {...field('name')}
          required
          maxLength={100}
        />
        <TextField
          id="company-address"
          label={LABELS.address}
          {...field('address')}
          required
          maxLength={300}
        />
        <TextField
          id="company-phone"
          label="Phone (blank: the site’s number)"
          {...field('phone')}
          type="tel"
          maxLength={30}
        />
        <TextField
          id="company-email"
          label="Email for booking notices (blank: the site’s address)"
          {...field('email')}
          type="email"
          maxLength={254}
        />
        <TextField
          id="company-vat"
          label="VAT number (blank: not VAT registered)"
          {...field('vat_number')}
          maxLength={20}
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
          Save company
        </Button>
      </Flex>
    </form>
  );
}
