/** Defined by vite.config.ts at build time; read through config/env.ts. */
declare const __APP_VERSION__: string;
