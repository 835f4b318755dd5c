import type { preHandlerHookHandler } from 'fastify';
import type { ContractApp } from '../http/contract-validation';
import type { SessionCookies } from '../http/operator-session';
import type { DriverAuthService } from '../services/driver/driver-auth-service';

/** What each module of the driver's API is given by driverRoutes. */
export interface DriverRouteContext {
  app: ContractApp;
  auth: DriverAuthService;
  cookies: SessionCookies;
  /** The session check, run as preValidation. */
  signedIn: preHandlerHookHandler;
}
