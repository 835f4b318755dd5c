import { Button, Flex, Text } from '@chakra-ui/react';
import type { Driver } from '../../../../contract/operator-drivers';
import { Options, TextField, type SelectOption } from '../../../components/form/fields';
import { SelectControlField } from './select-control';
import { useDriverForm } from '../hooks/use-driver-form';
import { AlertMessage } from '../../../components/status-panels';

/** The driver's usual vehicle: one of the company's (issue 34), or a hint when it has none. */
function UsualVehicleField({
  field,
  options,
  hint,
}: {
  field: ReturnType<ReturnType<typeof useDriverForm>['field']>;
  options: readonly SelectOption[];
  hint: string;
}) {
  return (
    <>
      <SelectControlField id="driver-vehicle" label="Usual vehicle" {...field} required>
        <option value="">Choose a vehicle</option>
        <Options options={options} />
      </SelectControlField>
      {options.length ? null : (
        <Text fontSize="sm" color="gray.800" mt={-2}>
          {hint}
        </Text>
      )}
    </>
  );
}

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
  const { form, field, submit, saving, failure, categoryOptions, companyOptions, vehicleOptions } =
    useDriverForm(driver, isAdmin, onSaved);

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
          id="driver-email"
          label="Email for the driver app"
          {...field('email')}
          type="email"
          autoComplete="off"
          maxLength={254}
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
        <UsualVehicleField
          field={field('vehicle_id')}
          options={vehicleOptions}
          hint={
            isAdmin && !form.getValues('company_id')
              ? 'Choose the company first: its vehicles are listed here.'
              : 'No vehicles in service yet: a manager adds them on the Vehicles page.'
          }
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving}>
          Save driver
        </Button>
      </Flex>
    </form>
  );
}
