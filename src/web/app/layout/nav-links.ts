import { isEnabled, type SettingsMap } from '../../../domain/settings';
import { ROUTES } from '../../config/routes';

export type NavLinkItem = { to: string; label: string };

/** The navbar's links in the spec's order; three are switched by settings (spec section 2). */
export function navLinks(settings: SettingsMap): NavLinkItem[] {
  const links: (NavLinkItem | false)[] = [
    { to: ROUTES.home, label: 'Home' },
    isEnabled(settings, 'NAVBAR_OUR_FLEET_PAGE') && { to: ROUTES.ourFleet, label: 'Our Fleet' },
    isEnabled(settings, 'NAVBAR_URGENT_BOOKING_PAGE') && {
      to: ROUTES.quoteNow,
      label: 'Urgent Booking',
    },
    isEnabled(settings, 'CORPORATE_LOGIN') && { to: ROUTES.bookings, label: 'Corporate Account' },
    { to: ROUTES.contactUs, label: 'Contact Us' },
  ];
  return links.filter((link): link is NavLinkItem => link !== false);
}
