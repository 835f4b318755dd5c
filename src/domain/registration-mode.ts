import * as z from 'zod/mini';

/** guest_login (default), new_client or existing_client. */
export const REGISTRATION_MODES = ['guest_login', 'new_client', 'existing_client'] as const;
export const registrationModeSchema = z.enum(REGISTRATION_MODES, {
  error: 'selected_passenger must be guest_login, new_client or existing_client',
});
export type RegistrationMode = z.infer<typeof registrationModeSchema>;
