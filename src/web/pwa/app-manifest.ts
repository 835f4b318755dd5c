import { useLayoutEffect } from 'react';

/** The head's links and colour that make a page installable as one app or another. */
export interface AppManifest {
  /** The web manifest's URL. */
  href: string;
  themeColor: string;
  appleTouchIcon: string;
}

/**
 * The driver's app (issue 34): a manifest of its own (public/driver.webmanifest, scope
 * /driver/), so a driver installs "RideBook Driver" from /driver/ beside, not instead of, the
 * passenger site. Its icons are the site's, on the driver app's dark ground.
 */
export const DRIVER_MANIFEST: AppManifest = {
  href: '/driver.webmanifest',
  themeColor: '#1e293b',
  appleTouchIcon: '/icons/driver-apple-touch-icon.png',
};

/** The element `selector` finds in the head, made there when missing (no manifest in dev). */
function headElement<K extends 'link' | 'meta'>(
  tag: K,
  selector: string,
  make: (element: HTMLElementTagNameMap[K]) => void,
): { element: HTMLElementTagNameMap[K]; made: boolean } {
  const found = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (found) return { element: found, made: false };
  const element = document.createElement(tag);
  make(element);
  document.head.append(element);
  return { element, made: true };
}

/** Sets an attribute; returns how to put the old value back (or remove what was made). */
function swap(
  tag: 'link' | 'meta',
  selector: string,
  attribute: 'href' | 'content',
  value: string,
  make: (element: HTMLLinkElement | HTMLMetaElement) => void,
): () => void {
  const { element, made } = headElement(tag, selector, make);
  const previous = element.getAttribute(attribute);
  element.setAttribute(attribute, value);
  return () => {
    if (made) element.remove();
    else if (previous !== null) element.setAttribute(attribute, previous);
  };
}

/**
 * Links the pages under this hook to `manifest` (the one index.html links is the passenger
 * site's), and gives the old links back when they go. The same shell serves every page, so the
 * link changes in the page: Chromium reads a changed manifest link again (it follows the
 * element), which is what makes the driver's pages install as their own app.
 */
export function useAppManifest(manifest: AppManifest): void {
  useLayoutEffect(() => {
    const restores = [
      swap('link', 'link[rel="manifest"]', 'href', manifest.href, (element) => {
        element.setAttribute('rel', 'manifest');
      }),
      swap('meta', 'meta[name="theme-color"]', 'content', manifest.themeColor, (element) => {
        element.setAttribute('name', 'theme-color');
      }),
      swap('link', 'link[rel="apple-touch-icon"]', 'href', manifest.appleTouchIcon, (element) => {
        element.setAttribute('rel', 'apple-touch-icon');
      }),
    ];
    return () => restores.forEach((restore) => restore());
  }, [manifest]);
}
