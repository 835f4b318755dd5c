import { Button, Flex } from '@chakra-ui/react';
import type { Driver } from '../../../../contract/operator';
import { Options, TextField } from '../../../components/form/fields';
import { SelectControlField } from './select-control';
import { useDriverForm } from '../hooks/use-driver-form';
import { AlertMessage } from './error-panel';

/** Add driver / Edit: one form, POST for a new driver and PATCH for an existing one. */
export function DriverForm({
  driver,
  isAdmin,
  onSaved,
}: {
  driver: Driver | null;
  isAdmin: boolean;
  onSaved: (driver: Driver) => void;
}) {
  const { form, field, submit, saving, failure, categoryOptions, companyOptions } = useDriverForm(
    driver,
    isAdmin,
    onSaved,
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <TextField id="driver-name" label="Name" {...field('name')} required maxLength={100} />
        <TextField
          id="driver-mobile"
          label="Mobile"
          {...field('mobile')}
          type="tel"
          autoComplete="off"
          required
          maxLength={30}
        />
        <TextField
          id="driver-licence-number"
          label="Licence number"
          {...field('licence_number')}
          required
          maxLength={40}
        />
        <TextField
          id="driver-licence-expiry"
          label="Licence expiry"
          {...field('licence_expiry')}
          type="date"
          required
        />
        <TextField
          id="driver-registration"
          label="Vehicle registration"
          {...field('vehicle_registration')}
          autoComplete="off"
          required
          maxLength={12}
        />
        <SelectControlField
          id="driver-category"
          label="Vehicle category"
          {...field('category_id')}
          required
        >
          <option value="">Choose a category</option>
          <Options options={categoryOptions} />
        </SelectControlField>
        {isAdmin ? (
          <SelectControlField id="driver-company" label="Company" {...field('company_id')} required>
            <option value="">Choose a company</option>
            <Options options={companyOptions} />
          </SelectControlField>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving}>
          Save driver
        </Button>
      </Flex>
    </form>
  );
}
