import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Driver } from '../../../../contract/operator-drivers';
import type { Vehicle } from '../../../../contract/operator-vehicles';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { textRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTextFields } from '../../../lib/use-text-fields';
import { useAssignDriver } from '../api/assign-driver';
import type { ChangeTarget } from '../api/change-status';
import { useOfferJob } from '../api/offer-job';

const assignSchema = z.object({
  driver_id: textRule((id) => (id ? undefined : 'Choose a driver')),
  vehicle_id: textRule((id) => (id ? undefined : 'Choose a vehicle')),
});
type AssignValues = z.infer<typeof assignSchema>;

/** Where the server's field problems land: a registration names the vehicle too. */
const fieldOf = (path: string) =>
  path === 'driver_id'
    ? 'driver_id'
    : path === 'vehicle_id' || path === 'vehicle_registration'
      ? 'vehicle_id'
      : undefined;

/** What the dialog starts with: the job's driver and vehicle, if it has them. */
export interface AssignCurrent {
  driverId: number | null;
  vehicleId: number | null;
}

/**
 * The Assign driver form: the driver chosen, the vehicle (their usual one until changed), and
 * either Assign or Offer (issue 34), each sent once however often it is pressed.
 */
export function useAssignForm({
  target,
  drivers,
  vehicles,
  current,
  onDone,
}: {
  target: ChangeTarget;
  drivers: readonly Driver[];
  vehicles: readonly Vehicle[];
  current: AssignCurrent;
  onDone: () => void;
}) {
  const assign = useAssignDriver(target);
  const offer = useOfferJob(target);
  const [tried, setTried] = useState<'assign' | 'offer'>('assign');
  // One key per opening of the dialog and action: a double press or a retry acts (and mails) once.
  const [keys] = useState(() => ({ assign: newIdempotencyKey(), offer: newIdempotencyKey() }));
  const listed = (id: number | null | undefined) =>
    id != null && vehicles.some((vehicle) => vehicle.id === id) ? String(id) : '';
  const usualOf = (id: number | null) => drivers.find((item) => item.id === id)?.vehicle_id;
  const form = useForm<AssignValues>({
    defaultValues: {
      driver_id: current.driverId === null ? '' : String(current.driverId),
      vehicle_id: listed(current.vehicleId ?? usualOf(current.driverId)),
    },
    resolver: zodResolver(assignSchema),
  });
  const { field, set } = useTextFields(form, { clearOnChange: true });
  const chosenId = useWatch({ control: form.control, name: 'driver_id' });
  const vehicleId = useWatch({ control: form.control, name: 'vehicle_id' });
  const chosen = drivers.find((item) => String(item.id) === chosenId);
  const chosenVehicle = vehicles.find((item) => String(item.id) === vehicleId);

  const send = (how: 'assign' | 'offer') => async (values: AssignValues) => {
    setTried(how);
    const body = { driver_id: Number(values.driver_id), vehicle_id: Number(values.vehicle_id) };
    try {
      if (how === 'assign') await assign.mutateAsync({ body, idempotencyKey: keys.assign });
      else await offer.mutateAsync({ body, idempotencyKey: keys.offer });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf,
          labels: { driver_id: 'Driver', vehicle_id: 'Vehicle' },
        });
      } else {
        console.error(`${how === 'assign' ? 'Assigning' : 'Offering'} the job failed:`, error);
      }
    }
  };

  const chooseDriver = (id: string) => {
    set('driver_id', id);
    // The driver's usual vehicle, which the dispatcher may change for today's.
    set('vehicle_id', listed(drivers.find((item) => String(item.id) === id)?.vehicle_id));
    form.clearErrors('vehicle_id');
  };

  const mutation = tried === 'assign' ? assign : offer;
  const failure =
    mutation.error instanceof ApiError && !mutation.error.issues.some((i) => fieldOf(i.path))
      ? mutation.error.message
      : null;
  return {
    form,
    field,
    chosen,
    chosenVehicle,
    failure,
    assigning: assign.isPending,
    offering: offer.isPending,
    submit: send('assign'),
    submitOffer: send('offer'),
    chooseDriver,
  };
}
