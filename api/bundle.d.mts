/** The types of bundle.mjs (a plain script, so `npm run build` needs no compiler). */
export declare const bundleServer: (entry: string, outfile: string) => Promise<unknown>
