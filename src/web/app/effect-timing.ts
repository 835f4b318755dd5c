import { options } from 'preact';

/**
 * The bundle runs on Preact's React compatibility layer (vite.config.ts). Preact runs effects
 * after the next animation frame, React runs them before it. Chakra's dialogs (zag) look for
 * their title in the frame after opening, and portal content mounts from an effect: with
 * Preact's timing the title was not there yet, so dialogs lost their accessible name. Effects
 * now run as soon as the render is done, as React's do.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);
