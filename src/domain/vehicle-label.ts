/**
 * A vehicle as a person reads it: "Mercedes E-Class, silver, LB19 HEX". Parts not recorded
 * are left out, so a vehicle known only by its plate reads as the plate.
 */
export function vehicleLabel(vehicle: {
  make: string;
  model: string;
  colour: string;
  registration: string;
}): string {
  const name = `${vehicle.make.trim()} ${vehicle.model.trim()}`.trim();
  return [name, vehicle.colour.trim().toLowerCase(), vehicle.registration.trim()]
    .filter((part) => part !== '')
    .join(', ');
}

/** A person's first name, for a greeting or the passenger's name on a job. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
