/**
 * The API as one JavaScript file, for `npm start` (`npm run build -w @app/api` writes
 * dist/main.js): the workspace's packages (@app/*, TypeScript sources) are bundled by
 * esbuild, every other package stays in node_modules and is loaded from there. The server
 * then needs no TypeScript compiler at run time: under tsx it held about 30 MB more
 * (187 MB against 156 MB resident after start, with the documents' upload server) and
 * compiled each file as it first loaded it. Tests and `npm run dev` keep running the
 * sources through tsx. Source files must find nothing on disk beside themselves
 * (import.meta.url): texts are imported, as the exports' locales are.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))

/** Bundles `entry` (a server's main file) into `outfile`, an ES module for Node 20. */
export const bundleServer = (entry, outfile) =>
  build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // Packages written for CommonJS, once bundled, may still call require.
    banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(bundle) {
          bundle.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@app/') ? undefined : { path: args.path, external: true }))
        },
      },
    ],
  })

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer(path.join(here, 'src/main.ts'), path.join(here, 'dist/main.js'))
