import * as z from 'zod/mini';
import type { Vehicle, VehicleInput } from '../../../../../contract/operator-vehicles';
import { isUkRegistration } from '../../../../../domain/vehicle-plate';
import { useCompanies } from '../../../../api/get-companies';
import { useVehicles } from '../../../../api/get-vehicles';
import { textRule } from '../../../../lib/form-rules';
import { useSetupForm } from '../../fleet/hooks/use-setup-form';
import { useSaveVehicle } from '../api/save-vehicle';

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/** What the form checks before sending; the server applies vehicleInputSchema's full rules. */
const vehicleFormSchema = z.object({
  registration: textRule((text) =>
    !text.trim()
      ? 'Enter the registration'
      : isUkRegistration(text.trim())
        ? undefined
        : 'Enter a UK registration of letters and digits, like AB12 CDE',
  ),
  make: required('Enter the make'),
  model: required('Enter the model'),
  colour: required('Enter the colour'),
  seats: textRule((text) =>
    /^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 16
      ? undefined
      : 'Enter the seats, from 1 to 16',
  ),
  category_id: required('Choose the vehicle category'),
  phv_licence_number: z.string(),
  phv_licence_expiry: z.string(),
  mot_expiry: z.string(),
  insurance_expiry: z.string(),
  company_id: z.string(),
});
export type VehicleValues = z.infer<typeof vehicleFormSchema>;

/** The form's fields by their visible labels, in the page's order. */
export const VEHICLE_LABELS: Record<keyof VehicleValues, string> = {
  registration: 'Registration',
  make: 'Make',
  model: 'Model',
  colour: 'Colour',
  seats: 'Seats',
  category_id: 'Vehicle category',
  phv_licence_number: 'PHV vehicle licence number',
  phv_licence_expiry: 'PHV vehicle licence expiry',
  mot_expiry: 'MOT expiry',
  insurance_expiry: 'Insurance expiry',
  company_id: 'Company',
};

function valuesOf(vehicle: Vehicle | null): VehicleValues {
  return {
    registration: vehicle?.registration ?? '',
    make: vehicle?.make ?? '',
    model: vehicle?.model ?? '',
    colour: vehicle?.colour ?? '',
    seats: vehicle ? String(vehicle.seats) : '4',
    category_id: vehicle ? String(vehicle.category_id) : '',
    phv_licence_number: vehicle?.phv_licence_number ?? '',
    phv_licence_expiry: vehicle?.phv_licence_expiry ?? '',
    mot_expiry: vehicle?.mot_expiry ?? '',
    insurance_expiry: vehicle?.insurance_expiry ?? '',
    company_id: vehicle ? String(vehicle.company_id) : '',
  };
}

/** The body sent: a blank expiry is "not recorded" (null). */
function bodyOf(values: VehicleValues, isAdmin: boolean): VehicleInput {
  const date = (value: string) => (value ? value : null);
  return {
    registration: values.registration.trim().toUpperCase(),
    make: values.make.trim(),
    model: values.model.trim(),
    colour: values.colour.trim(),
    seats: Number(values.seats),
    category_id: Number(values.category_id),
    phv_licence_number: values.phv_licence_number.trim(),
    phv_licence_expiry: date(values.phv_licence_expiry),
    mot_expiry: date(values.mot_expiry),
    insurance_expiry: date(values.insurance_expiry),
    ...(isAdmin ? { company_id: Number(values.company_id) } : {}),
  };
}

/**
 * Add vehicle / Edit: the form's values and checks, the categories and companies it offers,
 * and the save (POST for a new vehicle, PATCH for an existing one), its 400 issues under the
 * fields they name.
 */
export function useVehicleForm(
  vehicle: Vehicle | null,
  isAdmin: boolean,
  onSaved: (vehicle: Vehicle) => void,
) {
  const save = useSaveVehicle();
  const categories = useVehicles();
  const companies = useCompanies();
  const schema = isAdmin
    ? z.extend(vehicleFormSchema, { company_id: required('Choose the company') })
    : vehicleFormSchema;
  const { form, field, submit, failure } = useSetupForm<VehicleValues, Vehicle>({
    schema,
    defaults: valuesOf(vehicle),
    labels: VEHICLE_LABELS,
    save: (values) => {
      const body = bodyOf(values, isAdmin && vehicle === null);
      return save.mutateAsync(vehicle ? { id: vehicle.id, body } : { id: null, body });
    },
    onSaved,
    error: save.error,
  });
  const categoryOptions = (categories.data ?? []).map((item) => ({
    value: String(item.tbms_vid),
    label: item.category_name,
  }));
  const companyOptions = (companies.data ?? []).map((item) => ({
    value: String(item.id),
    label: item.company.company_name,
  }));
  return { form, field, submit, failure, saving: save.isPending, categoryOptions, companyOptions };
}
