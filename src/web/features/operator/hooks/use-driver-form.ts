import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import * as z from 'zod/mini';
import type { Driver, DriverInput } from '../../../../contract/operator-drivers';
import { useCompanies } from '../../../api/get-companies';
import { useVehicles } from '../../../api/get-vehicles';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { textRule } from '../../../lib/form-rules';
import { useTextFields } from '../../../lib/use-text-fields';
import { useSaveDriver } from '../api/save-driver';
import { isEmailAddress } from '../../../../domain/email';
import { useConsoleVehicles } from '../vehicles/api/get-vehicles';
import { vehicleOptionLabel } from '../lib/vehicle-text';

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/**
 * What the form checks before sending; the server applies the contract's full rules
 * (driverInputSchema) and its 400 issues land under these same fields.
 */
const driverFormSchema = z.object({
  name: required('Enter the driver’s name'),
  mobile: required('Enter the driver’s mobile number'),
  licence_number: required('Enter the licence number'),
  licence_expiry: required('Enter the licence expiry date'),
  vehicle_id: required('Choose the usual vehicle'),
  category_id: required('Choose the vehicle category'),
  email: textRule((text) =>
    !text.trim() || isEmailAddress(text) ? undefined : 'Enter an email like name@example.co.uk',
  ),
  company_id: z.string(),
});
type DriverValues = z.infer<typeof driverFormSchema>;

/** The form's fields by their visible labels, in the page's order. */
const LABELS: Record<FieldPath<DriverValues>, string> = {
  name: 'Name',
  mobile: 'Mobile',
  licence_number: 'Licence number',
  licence_expiry: 'Licence expiry',
  vehicle_id: 'Usual vehicle',
  category_id: 'Vehicle category',
  email: 'Email for the driver app',
  company_id: 'Company',
};
const ORDER = Object.keys(LABELS) as FieldPath<DriverValues>[];
const isField = (path: string): path is FieldPath<DriverValues> => path in LABELS;

function valuesOf(driver: Driver | null): DriverValues {
  return {
    name: driver?.name ?? '',
    mobile: driver?.mobile ?? '',
    licence_number: driver?.licence_number ?? '',
    licence_expiry: driver?.licence_expiry ?? '',
    vehicle_id: driver?.vehicle_id ? String(driver.vehicle_id) : '',
    category_id: driver ? String(driver.category_id) : '',
    email: driver?.email ?? '',
    company_id: driver ? String(driver.company_id) : '',
  };
}

/**
 * Add driver / Edit: the form's values and checks, the categories and companies it offers, and
 * the save (POST for a new driver, PATCH for an existing one), its 400 issues under their fields.
 */
export function useDriverForm(
  driver: Driver | null,
  isAdmin: boolean,
  onSaved: (driver: Driver) => void,
) {
  const save = useSaveDriver();
  const vehicles = useVehicles();
  const fleet = useConsoleVehicles();
  const companies = useCompanies();
  const form = useForm<DriverValues>({
    defaultValues: valuesOf(driver),
    resolver: zodResolver(
      isAdmin
        ? z.extend(driverFormSchema, { company_id: required('Choose the company') })
        : driverFormSchema,
    ),
  });
  const { field } = useTextFields(form, { clearOnChange: true });

  const submit = async (values: DriverValues) => {
    const body: DriverInput = {
      name: values.name.trim(),
      mobile: values.mobile.trim(),
      licence_number: values.licence_number.trim(),
      licence_expiry: values.licence_expiry,
      vehicle_id: Number(values.vehicle_id),
      category_id: Number(values.category_id),
      email: values.email.trim() || null,
      ...(isAdmin ? { company_id: Number(values.company_id) } : {}),
    };
    try {
      const saved = await save.mutateAsync(driver ? { id: driver.id, body } : { id: null, body });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (isField(path) ? path : undefined),
          labels: LABELS,
          order: ORDER,
        });
      } else {
        console.error('Saving the driver failed:', error);
      }
    }
  };

  const failure =
    save.error instanceof ApiError && !save.error.issues.some((issue) => isField(issue.path))
      ? save.error.message
      : null;
  const categoryOptions = (vehicles.data ?? []).map((vehicle) => ({
    value: String(vehicle.tbms_vid),
    label: vehicle.category_name,
  }));
  const companyOptions = (companies.data ?? []).map((item) => ({
    value: String(item.id),
    label: item.company.company_name,
  }));
  // The company's vehicles in service, and the driver's own whatever its state.
  const chosenCompany = useWatch({ control: form.control, name: 'company_id' });
  const vehicleOptions = (fleet.data ?? [])
    .filter(
      (vehicle) =>
        (!isAdmin || String(vehicle.company_id) === chosenCompany) &&
        (vehicle.active || vehicle.id === driver?.vehicle_id),
    )
    .map((vehicle) => ({ value: String(vehicle.id), label: vehicleOptionLabel(vehicle) }));

  return {
    form,
    field,
    submit,
    saving: save.isPending,
    failure,
    categoryOptions,
    companyOptions,
    vehicleOptions,
  };
}
