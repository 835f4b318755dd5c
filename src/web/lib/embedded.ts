/**
 * True when the app runs inside another page's frame (an operator's site, public/embed.js).
 * The frame is sized from the app's content height, so nothing in the layout may depend on the
 * viewport's height there, or the frame and the page would grow each other without end.
 */
export const IS_EMBEDDED = typeof window !== 'undefined' && window.self !== window.top;
