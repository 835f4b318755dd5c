import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+); it counts only as a file's very first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the start chunk for eager compilation. Nearly every function in it runs on a first
 * visit, and V8 compiles a marked file on a background thread while it streams in, rather than
 * each function on the main thread when first called. With React, at 4x CPU, it took the home
 * page's blocking time from about 290 to 180 ms and Lighthouse's mobile score from 95 to 97-98
 * (npm run bench -- web, with and without it). Added after Vite's own generateBundle work,
 * which puts its preload map on the first line. Other browsers read a comment.
 */
export function compileHint(): Plugin {
  return {
    name: 'ridebook:compile-hint',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.isEntry) output.code = COMPILE_HINT + output.code;
        }
      },
    },
  };
}
