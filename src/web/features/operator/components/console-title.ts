/** The console's name in every tab title, after the page's own: 'Bookings — RideBook UK operator console'. */
export const CONSOLE_TITLE = 'RideBook UK operator console';
