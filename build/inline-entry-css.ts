import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Writes the start page's CSS (the frame's and the home page's static styles) into index.html
 * instead of linking it. A linked stylesheet blocks the first paint until it arrives, one more
 * round trip on a 300 ms airport link before even the loading cover shows; inline, it comes
 * with the page. The file is still emitted, for anything that asks for it by name.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'ridebook:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}
