/** Spec section 9 limits. */
export const LIMITS = {
  /** The home form's select offers 1–20; steppers elsewhere go to 50. */
  passengersMax: 50,
  passengersSelectMax: 20,
  luggageMax: 20,
  extrasSeatMax: 15,
  waitingMinutesMax: 100,
  waitingMinutesStep: 5,
  stopsMax: 10,
  vehicleCountMax: 6,
  addressMaxLength: 300,
  hourlyDurationMin: 4,
  hourlyDurationMax: 24,
} as const;

/** Hourly durations '4hour'..'24hour' (spec section 9). */
export const HOURLY_DURATIONS: readonly string[] = Array.from(
  { length: LIMITS.hourlyDurationMax - LIMITS.hourlyDurationMin + 1 },
  (_, i) => `${i + LIMITS.hourlyDurationMin}hour`,
);
