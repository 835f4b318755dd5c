import { Box, Button, Flex } from '@chakra-ui/react';
import type { Vehicle } from '../../../../../contract/operator-vehicles';
import { Options, TextField, type SelectOption } from '../../../../components/form/fields';
import { AlertMessage } from '../../../../components/status-panels';
import { SelectControlField } from '../../components/select-control';
import { useVehicleForm, VEHICLE_LABELS as LABELS } from '../hooks/use-vehicle-form';

type Field = ReturnType<typeof useVehicleForm>['field'];

/** Which vehicle: registration, make, model, colour, seats, category, PHV licence number. */
function VehicleFields({
  field,
  categoryOptions,
}: {
  field: Field;
  categoryOptions: readonly SelectOption[];
}) {
  return (
    <>
      <TextField
        id="vehicle-registration"
        label={LABELS.registration}
        {...field('registration')}
        autoComplete="off"
        required
        maxLength={12}
      />
      <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap={4}>
        <TextField
          id="vehicle-make"
          label={LABELS.make}
          {...field('make')}
          required
          maxLength={40}
        />
        <TextField
          id="vehicle-model"
          label={LABELS.model}
          {...field('model')}
          required
          maxLength={40}
        />
        <TextField
          id="vehicle-colour"
          label={LABELS.colour}
          {...field('colour')}
          required
          maxLength={30}
        />
        <TextField
          id="vehicle-seats"
          label={LABELS.seats}
          {...field('seats')}
          inputMode="numeric"
          required
          maxLength={2}
        />
      </Box>
      <SelectControlField
        id="vehicle-category"
        label={LABELS.category_id}
        {...field('category_id')}
        required
      >
        <option value="">Choose a category</option>
        <Options options={categoryOptions} />
      </SelectControlField>
      <TextField
        id="vehicle-phv-number"
        label={LABELS.phv_licence_number}
        {...field('phv_licence_number')}
        autoComplete="off"
        maxLength={40}
      />
    </>
  );
}

/** Its documents' expiries: blank is "not recorded", and the vehicle cannot be sent then. */
function DocumentFields({ field }: { field: Field }) {
  return (
    <>
      <TextField
        id="vehicle-phv-expiry"
        label={LABELS.phv_licence_expiry}
        {...field('phv_licence_expiry')}
        type="date"
      />
      <TextField
        id="vehicle-mot-expiry"
        label={LABELS.mot_expiry}
        {...field('mot_expiry')}
        type="date"
      />
      <TextField
        id="vehicle-insurance-expiry"
        label={LABELS.insurance_expiry}
        {...field('insurance_expiry')}
        type="date"
      />
    </>
  );
}

/** Add vehicle / Edit: one form, POST for a new vehicle and PATCH for an existing one. */
export function VehicleForm({
  vehicle,
  isAdmin,
  onSaved,
}: {
  vehicle: Vehicle | null;
  isAdmin: boolean;
  onSaved: (vehicle: Vehicle) => void;
}) {
  const { form, field, submit, failure, saving, categoryOptions, companyOptions } = useVehicleForm(
    vehicle,
    isAdmin,
    onSaved,
  );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {failure ? <AlertMessage>{failure}</AlertMessage> : null}
        <VehicleFields field={field} categoryOptions={categoryOptions} />
        <DocumentFields field={field} />
        {isAdmin && vehicle === null ? (
          <SelectControlField
            id="vehicle-company"
            label={LABELS.company_id}
            {...field('company_id')}
            required
          >
            <option value="">Choose a company</option>
            <Options options={companyOptions} />
          </SelectControlField>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving}>
          Save vehicle
        </Button>
      </Flex>
    </form>
  );
}
