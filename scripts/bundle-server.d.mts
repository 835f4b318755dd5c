/** Relative to the repository: where `npm start` runs the bundled server from. */
export const SERVER_BUNDLE: string;
/** Bundles the API server to `outfile` (relative to the repository); resolves with it. */
export function bundleServer(outfile?: string): Promise<string>;
