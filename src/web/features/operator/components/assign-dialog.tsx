import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Driver } from '../../../../contract/operator';
import { TextField } from '../../../components/form/fields';
import { SelectControlField } from './select-control';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useAssignDriver } from '../api/assign-driver';
import type { ChangeTarget } from '../api/change-status';
import { useDrivers } from '../api/get-drivers';
import { AlertMessage } from './error-panel';
import { FormDialog } from './form-dialog';

const assignSchema = z.object({
  driver_id: textRule((id) => (id ? undefined : 'Choose a driver')),
  vehicle_registration: textRule((registration) =>
    !registration.trim()
      ? 'Enter the vehicle registration'
      : /^[A-Za-z0-9 ]{1,12}$/.test(registration.trim())
        ? undefined
        : 'Enter a registration of up to 12 letters, digits and spaces',
  ),
});
type AssignValues = z.infer<typeof assignSchema>;

/** A driver as the list names them; an expired licence cannot be chosen. */
function driverOptionLabel(driver: Driver): string {
  const base = `${driver.name} (${driver.vehicle_registration})`;
  if (driver.licence_state === 'expired') return `${driver.name} (licence expired)`;
  if (driver.licence_state === 'expiring') return `${base} (licence expiring)`;
  return base;
}

/** 'a Saloon', 'an Executive', 'an MPV', 'an 8-Seat Minibus'. */
function withArticle(name: string): string {
  return `${/^([aeiou]|8|11|18|MPV)/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** The category booked: a driver whose usual vehicle is of another is sent in a car of this one. */
export interface BookedVehicle {
  categoryId: number;
  vehicleType: string;
}

/**
 * Said as soon as a driver is chosen whose usual vehicle is not of the booked category (issue
 * 30): the passenger is told the registration given here, so it must be a car of the kind booked.
 */
export function vehicleMismatchWarning(driver: Driver, booked: BookedVehicle): string | null {
  if (driver.category_id === booked.categoryId) return null;
  return `${driver.name} usually drives ${withArticle(driver.category_name)} (${driver.vehicle_registration}), but this booking is for ${withArticle(booked.vehicleType)}. Send ${withArticle(booked.vehicleType)} and give its registration below: the passenger is told it.`;
}

function AssignForm({
  target,
  drivers,
  current,
  booked,
  onDone,
}: {
  target: ChangeTarget;
  drivers: readonly Driver[];
  current: { driverId: number | null; registration: string | null };
  booked: BookedVehicle;
  onDone: () => void;
}) {
  const assign = useAssignDriver(target);
  // One key per opening of the dialog: a double press or a retry assigns (and mails) once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const form = useForm<AssignValues>({
    defaultValues: {
      driver_id: current.driverId === null ? '' : String(current.driverId),
      vehicle_registration: current.registration ?? '',
    },
    resolver: zodResolver(assignSchema),
  });
  const { field, set } = useTextFields(form, { clearOnChange: true });
  const chosenId = useWatch({ control: form.control, name: 'driver_id' });
  const chosen = drivers.find((item) => String(item.id) === chosenId);
  const mismatch = chosen ? vehicleMismatchWarning(chosen, booked) : null;

  const submit = async (values: AssignValues) => {
    try {
      await assign.mutateAsync({
        body: {
          driver_id: Number(values.driver_id),
          vehicle_registration: values.vehicle_registration.trim().toUpperCase(),
        },
        idempotencyKey,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) =>
            path === 'driver_id' || path === 'vehicle_registration' ? path : undefined,
          labels: { driver_id: 'Driver', vehicle_registration: 'Vehicle registration' },
        });
      } else {
        console.error('Assigning the driver failed:', error);
      }
    }
  };

  const chooseDriver = (id: string) => {
    set('driver_id', id);
    const driver = drivers.find((item) => String(item.id) === id);
    // The driver's usual vehicle, which the operator may change for today's.
    set('vehicle_registration', driver?.vehicle_registration ?? '');
    form.clearErrors('vehicle_registration');
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Flex direction="column" gap={4}>
        {assign.isError && assign.error instanceof ApiError && !assign.error.issues.length ? (
          <AlertMessage>{assign.error.message}</AlertMessage>
        ) : null}
        <SelectControlField
          id="assign-driver"
          label="Driver"
          {...field('driver_id')}
          onValueChange={chooseDriver}
          required
        >
          <option value="">Choose a driver</option>
          {drivers.map((driver) => (
            <option
              key={driver.id}
              value={String(driver.id)}
              disabled={driver.licence_state === 'expired'}
            >
              {driverOptionLabel(driver)}
            </option>
          ))}
        </SelectControlField>
        <Box role="status" aria-live="polite">
          {mismatch ? (
            <Text
              borderLeftWidth="4px"
              borderColor="orange.500"
              bg="orange.50"
              color="gray.900"
              px={3}
              py={2}
            >
              {mismatch}
            </Text>
          ) : null}
        </Box>
        <TextField
          id="assign-registration"
          label="Vehicle registration"
          {...field('vehicle_registration')}
          autoComplete="off"
          required
          maxLength={12}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={assign.isPending}
        >
          Assign
        </Button>
      </Flex>
    </form>
  );
}

/**
 * Assign driver: the company's active drivers (an expired licence shown but not choosable),
 * and the registration of the vehicle, filled in from the chosen driver's usual one, with a
 * warning when that vehicle is not of the category booked.
 */
export function AssignDialog({
  open,
  target,
  companyId,
  current,
  booked,
  onClose,
}: {
  open: boolean;
  /** The booking (its outward job) or one of its jobs. */
  target: ChangeTarget;
  companyId: number;
  current: { driverId: number | null; registration: string | null };
  booked: BookedVehicle;
  onClose: () => void;
}) {
  const drivers = useDrivers({ enabled: open });
  const choosable = (drivers.data ?? []).filter(
    (driver) => driver.active && driver.company_id === companyId,
  );
  return (
    <FormDialog open={open} title="Assign driver" onClose={onClose}>
      {drivers.isPending ? (
        <Text role="status">Loading drivers…</Text>
      ) : drivers.isError ? (
        <AlertMessage>{`We could not load the drivers. ${drivers.error.message}`}</AlertMessage>
      ) : choosable.length === 0 ? (
        <Text>This company has no active drivers. Add one on the Drivers page.</Text>
      ) : (
        <AssignForm
          target={target}
          drivers={choosable}
          current={current}
          booked={booked}
          onDone={onClose}
        />
      )}
    </FormDialog>
  );
}
