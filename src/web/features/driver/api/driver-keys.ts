/**
 * Query and mutation keys of the driver's app, one factory. Everything under `all` is the
 * signed-in driver's: sign-out removes it all.
 */
export const driverKeys = {
  all: ['driver'] as const,
  me: () => [...driverKeys.all, 'me'] as const,
  jobs: () => [...driverKeys.all, 'jobs'] as const,
  job: (jobRef: string) => [...driverKeys.all, 'job', jobRef] as const,
  login: () => [...driverKeys.all, 'login'] as const,
  logout: () => [...driverKeys.all, 'logout'] as const,
  accept: () => [...driverKeys.all, 'accept'] as const,
  decline: () => [...driverKeys.all, 'decline'] as const,
  duty: () => [...driverKeys.all, 'duty'] as const,
  /** The invitation's link is not yet anyone's session: kept apart from `all`. */
  invitation: (token: string) => ['driver-invitation', token] as const,
  setPassword: () => ['driver-invitation', 'set-password'] as const,
} as const;

/** A job's API path with its reference filled in. */
export function jobPath(template: string, jobRef: string): string {
  return template.replace(':job_ref', encodeURIComponent(jobRef));
}
