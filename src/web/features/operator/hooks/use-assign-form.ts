import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Driver } from '../../../../contract/operator';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { textRule } from '../../../lib/form-rules';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useTextFields } from '../../../lib/use-text-fields';
import { useAssignDriver } from '../api/assign-driver';
import type { ChangeTarget } from '../api/change-status';

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

/**
 * The Assign driver form: the driver chosen, the registration (their usual vehicle's until
 * changed), and the assignment sent once however often it is pressed.
 */
export function useAssignForm({
  target,
  drivers,
  current,
  onDone,
}: {
  target: ChangeTarget;
  drivers: readonly Driver[];
  current: { driverId: number | null; registration: string | null };
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

  return { assign, form, field, chosen, submit, chooseDriver };
}
