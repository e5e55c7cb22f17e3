/**
 * The one rspack factory every web build calls: the shell (host) and each remote in
 * modules/<name>. It fixes what must agree across builds: the shared singletons,
 * public paths, file naming and the TypeScript/React transform.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { type Configuration, DefinePlugin, HtmlRspackPlugin, type RspackPluginInstance } from '@rspack/core'

export interface BuildOptions {
  /** Federation name: 'shell' for the host, the module id for a remote. */
  name: string
  kind: 'host' | 'remote'
  /** The package folder (its src/index.ts is the entry, dist/ the output). */
  dir: string
  /** What a remote exposes, e.g. { './module': './src/module.ts' }. */
  exposes?: Record<string, string>
}

/**
 * One copy of each at runtime, the host's. Subpaths are listed because federation
 * shares exact import specifiers, and the JSX runtime and react-dom/client are
 * imported by every component file.
 */
export const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'effector',
  'effector-react',
  'i18next',
  'react-i18next',
  'single-spa',
  'single-spa-react',
  '@app/module-kit',
] as const

const shared = () =>
  Object.fromEntries(
    // Not eager: each remote's index.ts → import('./bootstrap') (or the host's share
    // scope) settles the versions first, and each library stays its own cacheable chunk.
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false as const, strictVersion: false }]),
  )

/** The installed version of a singleton's package, as the host announces it to remotes. */
const versionOf = (dir: string, specifier: string) => {
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const file = path.join(folder, 'node_modules', name, 'package.json')
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    if (path.dirname(folder) === folder) throw new Error(`Cannot find ${name} from ${dir}`)
  }
}

/**
 * The host carries no federation plugin: its sign-in page stays a plain bundle
 * (the federation runtime alone is ~30 KB gzipped, over the page's budget). After
 * sign-in it loads @module-federation/enhanced/runtime on demand and hands its own
 * copies of the singletons to the remotes' share scope (shell/src/federation.ts);
 * these versions go with them.
 */
const hostPlugins = (dir: string) => [
  new DefinePlugin({
    __SHARED_VERSIONS__: JSON.stringify(Object.fromEntries(SINGLETONS.map((name) => [name, versionOf(dir, name)]))),
  }),
  new HtmlRspackPlugin({ template: path.join(dir, 'src/index.html') }),
]

const remotePlugins = (name: string, exposes: Record<string, string>) => [
  new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    remotes: {},
    shared: shared(),
    dts: false,
    manifest: false,
    // Remotes are registered from /api/modules with their entry URL: no manifest
    // snapshots to resolve, and only the browser's loader is needed.
    experiments: { optimization: { disableSnapshot: true, target: 'web' } },
  }),
]

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm)$/
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** File suffix → compressor; output.clean empties dist first, so no copy outlives its file. */
const compressors = {
  br: (data: Buffer) =>
    brotliAsync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gz: (data: Buffer) => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside each text asset, at the best
 * (slowest) levels since it happens once per build: the server sends whichever the
 * browser accepts (api/src/web.ts) without compressing on each request. A copy is kept
 * only when it is smaller. compression-webpack-plugin works with rspack too, but its
 * required peer is webpack itself (48 packages) for what node:zlib does here.
 */
const precompress: RspackPluginInstance = {
  apply(compiler) {
    const { Compilation, sources } = compiler.rspack
    compiler.hooks.thisCompilation.tap('precompress', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After HtmlRspackPlugin has written index.html and every asset is final.
        { name: 'precompress', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const names = Object.keys(assets).filter((name) => COMPRESSIBLE.test(name))
          await Promise.all(
            names.flatMap((name) => {
              const raw = assets[name]!.buffer()
              return Object.entries(compressors).map(async ([ext, compress]) => {
                const packed = await compress(raw)
                if (packed.length < raw.length) compilation.emitAsset(`${name}.${ext}`, new sources.RawSource(packed), { compressed: true })
              })
            }),
          )
        },
      )
    })
  },
}

export const createConfig = (options: BuildOptions): Configuration => {
  const { name, kind, dir } = options
  const production = process.env.NODE_ENV !== 'development'
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // A remote's src/index.ts (→ bootstrap) only renders it alone for development; the
    // shell loads remoteEntry.js, so a remote's production build is just that.
    entry: (kind === 'host' || !production) && existsSync(path.join(dir, 'src/index.ts')) ? { main: './src/index.ts' } : {},
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: kind === 'host' ? '/' : `/remotes/${name}/`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      cssChunkFilename: '[name].[contenthash:10].css',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      // Remotes and the host share one page: distinct names keep their chunk loaders apart.
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules[\\/](?!@app)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
            },
            env: { targets: 'chrome >= 111, firefox >= 111, safari >= 16.4' },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      ...(kind === 'host'
        ? hostPlugins(dir)
        : [
            ...remotePlugins(name, options.exposes ?? {}),
            // `npm run dev` in a remote: a page of its own (dev server on 3031, the API proxied).
            ...(production ? [] : [new HtmlRspackPlugin({ title: `${name} (development)`, publicPath: `/remotes/${name}/` })]),
          ]),
      ...(production ? [precompress] : []),
    ],
    performance: { hints: false },
    devServer: { historyApiFallback: true, port: 3031, proxy: [{ context: ['/api', '/remotes'], target: 'http://localhost:3030' }] },
  } as Configuration
}

export default createConfig
