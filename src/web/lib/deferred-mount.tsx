import { useEffect, useState, type ReactNode } from 'react';

/**
 * Parts of a screen that need not be in its first paint (a hidden tab's form, sections below
 * the fold) are mounted one per task after it, in the order they asked. The first render of
 * the home page was one long task on a slow phone, and input waits for a task to end: split
 * like this, no task holds the main thread for long.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function runNext(): void {
  scheduled = false;
  const mount = waiting.shift();
  mount?.();
  scheduleNext();
}

function scheduleNext(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  // A new task each time, and one part per task: React renders an update made outside an event
  // in a task of its own, so each part's render is separate, with paint and input in between.
  setTimeout(runNext, 0);
}

/**
 * False on the first render, true from a later task (at once when `now` is true, e.g. the tab
 * has just been chosen). Once true it stays true, so nothing typed into the part is lost.
 */
export function useDeferredMount(now = false): boolean {
  const [mounted, setMounted] = useState(now);
  if (now && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    let current = true;
    waiting.push(() => {
      if (current) setMounted(true);
    });
    scheduleNext();
    return () => {
      current = false;
    };
  }, [mounted]);
  return mounted || now;
}

/** Its children, mounted in a task after the first paint (see useDeferredMount). */
export function Deferred({ children }: { children: ReactNode }) {
  return useDeferredMount() ? children : null;
}
