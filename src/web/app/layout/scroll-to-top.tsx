import { ScrollRestoration } from 'react-router-dom';

/**
 * Each navigation starts at the top of the page; Back and Forward (POP) return to the saved
 * position. React Router's ScrollRestoration does both with the data router.
 */
export function ScrollToTop() {
  return <ScrollRestoration />;
}
