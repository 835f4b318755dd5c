import { Box, Button, Flex, Text } from '@chakra-ui/react';
import type { Driver } from '../../../../contract/operator';
import { TextField } from '../../../components/form/fields';
import { SelectControlField } from './select-control';
import { ApiError } from '../../../lib/api-client';
import type { ChangeTarget } from '../api/change-status';
import { useDrivers } from '../api/get-drivers';
import { useAssignForm } from '../hooks/use-assign-form';
import { AlertMessage } from './error-panel';
import { FormDialog } from './form-dialog';

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

/** The mismatch warning's live region: there from the start, so the warning is announced. */
function MismatchNotice({ warning }: { warning: string | null }) {
  return (
    <Box role="status" aria-live="polite">
      {warning ? (
        <Text
          borderLeftWidth="4px"
          borderColor="orange.500"
          bg="orange.50"
          color="gray.900"
          px={3}
          py={2}
        >
          {warning}
        </Text>
      ) : null}
    </Box>
  );
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
  const { assign, form, field, chosen, submit, chooseDriver } = useAssignForm({
    target,
    drivers,
    current,
    onDone,
  });
  const mismatch = chosen ? vehicleMismatchWarning(chosen, booked) : null;

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
        <MismatchNotice warning={mismatch} />
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
