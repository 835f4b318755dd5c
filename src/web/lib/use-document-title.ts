import { useEffect } from 'react';

/**
 * Names the browser tab (and what a screen reader announces on arrival) after the page, and
 * gives the previous title back when the page goes.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
