import { Box, Button, Flex, Text } from '@chakra-ui/react';
import type { Driver } from '../../../../contract/operator-drivers';
import type { Vehicle } from '../../../../contract/operator-vehicles';
import { SelectControlField } from './select-control';
import type { ChangeTarget } from '../api/change-status';
import { useDrivers } from '../api/get-drivers';
import { useAssignForm, type AssignCurrent } from '../hooks/use-assign-form';
import { dispatchable, vehicleOptionLabel } from '../lib/vehicle-text';
import { useConsoleVehicles } from '../vehicles/api/get-vehicles';
import { AlertMessage } from '../../../components/status-panels';
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

/** The category booked: a vehicle of another is not what the passenger booked. */
export interface BookedVehicle {
  categoryId: number;
  vehicleType: string;
}

/**
 * Said as soon as a vehicle is chosen that is not of the booked category (issues 30, 34): the
 * passenger is told the registration of the vehicle sent, so it should be a car of the kind
 * booked.
 */
export function vehicleMismatchWarning(vehicle: Vehicle, booked: BookedVehicle): string | null {
  if (vehicle.category_id === booked.categoryId) return null;
  return `${vehicle.registration} is ${withArticle(vehicle.category_name)}, but this booking is for ${withArticle(booked.vehicleType)}. Choose ${withArticle(booked.vehicleType)} below if you can: the passenger is told the registration of the vehicle sent.`;
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
  vehicles,
  current,
  booked,
  onDone,
}: {
  target: ChangeTarget;
  drivers: readonly Driver[];
  vehicles: readonly Vehicle[];
  current: AssignCurrent;
  booked: BookedVehicle;
  onDone: () => void;
}) {
  const assign = useAssignForm({ target, drivers, vehicles, current, onDone });
  const { form, field, chosenVehicle } = assign;
  const mismatch = chosenVehicle ? vehicleMismatchWarning(chosenVehicle, booked) : null;
  const busy = assign.assigning || assign.offering;

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(assign.submit)(event)}>
      <Flex direction="column" gap={4}>
        {assign.failure ? <AlertMessage>{assign.failure}</AlertMessage> : null}
        <SelectControlField
          id="assign-driver"
          label="Driver"
          {...field('driver_id')}
          onValueChange={assign.chooseDriver}
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
        <SelectControlField id="assign-vehicle" label="Vehicle" {...field('vehicle_id')} required>
          <option value="">Choose a vehicle</option>
          {vehicles.map((vehicle) => (
            <option key={vehicle.id} value={String(vehicle.id)} disabled={!dispatchable(vehicle)}>
              {vehicleOptionLabel(vehicle)}
            </option>
          ))}
        </SelectControlField>
        <MismatchNotice warning={mismatch} />
        <Text fontSize="sm" color="gray.800">
          Assign puts the driver on the job now. Offer sends it to the driver app, where they accept
          or decline it.
        </Text>
        <Flex gap={3} flexWrap="wrap">
          <Button type="submit" colorPalette="brand" loading={assign.assigning}>
            Assign
          </Button>
          <Button
            type="button"
            variant="outline"
            colorPalette="brand"
            loading={assign.offering}
            onClick={() => {
              if (!busy) void form.handleSubmit(assign.submitOffer)();
            }}
          >
            Offer
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/**
 * Assign driver: the company's active drivers (an expired licence shown but not choosable) and
 * its vehicles in service (one with a document expired or not recorded shown but not
 * choosable), the vehicle filled in from the chosen driver's usual one, with a warning when it
 * is not of the category booked; then Assign, or Offer to the driver app (issue 34).
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
  current: AssignCurrent;
  booked: BookedVehicle;
  onClose: () => void;
}) {
  const drivers = useDrivers({ enabled: open });
  const vehicles = useConsoleVehicles({ enabled: open });
  const choosable = (drivers.data ?? []).filter(
    (driver) => driver.active && driver.company_id === companyId,
  );
  const inService = (vehicles.data ?? []).filter(
    (vehicle) => vehicle.active && vehicle.company_id === companyId,
  );
  return (
    <FormDialog open={open} title="Assign driver" onClose={onClose}>
      {drivers.isPending || vehicles.isPending ? (
        <Text role="status">Loading drivers and vehicles…</Text>
      ) : drivers.isError ? (
        <AlertMessage>{`We could not load the drivers. ${drivers.error.message}`}</AlertMessage>
      ) : vehicles.isError ? (
        <AlertMessage>{`We could not load the vehicles. ${vehicles.error.message}`}</AlertMessage>
      ) : choosable.length === 0 ? (
        <Text>This company has no active drivers. Add one on the Drivers page.</Text>
      ) : (
        <AssignForm
          target={target}
          drivers={choosable}
          vehicles={inService}
          current={current}
          booked={booked}
          onDone={onClose}
        />
      )}
    </FormDialog>
  );
}
