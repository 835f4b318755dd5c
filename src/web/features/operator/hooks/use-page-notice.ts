import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';

/**
 * A console page's notice and the one way its quick changes report (deactivate, send again):
 * the notice is cleared, the change runs, and what it did is said. A refusal from the server is
 * the mutation's own error, shown by the page; anything else is logged as `what` failing.
 */
export function usePageNotice(what: string) {
  const [notice, setNotice] = useState('');
  const attempt = async (work: () => Promise<string>): Promise<void> => {
    setNotice('');
    try {
      setNotice(await work());
    } catch (error) {
      if (!(error instanceof ApiError)) console.error(`${what} failed:`, error);
    }
  };
  return { notice, setNotice, attempt };
}
