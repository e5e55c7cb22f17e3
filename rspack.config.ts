/**
 * The one rspack factory every web build calls: the shell (host) and each remote in
 * modules/<name>. It fixes what must agree across builds: the shared singletons,
 * public paths, file naming and the TypeScript/React transform.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack'
import { type Configuration, HtmlRspackPlugin } from '@rspack/core'

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
const SINGLETONS = [
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
]

const shared = () =>
  Object.fromEntries(
    // Not eager: the host's index.ts → import('./bootstrap') gives federation the async
    // boundary to negotiate versions, and keeps each library in its own cacheable chunk.
    SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: false as const, strictVersion: false }]),
  )

export const createConfig = (options: BuildOptions): Configuration => {
  const { name, kind, dir } = options
  const production = process.env.NODE_ENV !== 'development'
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // A remote's src/index.ts (→ bootstrap) only renders it alone for development; the
    // shell loads remoteEntry.js, so a remote without one builds just that.
    entry: existsSync(path.join(dir, 'src/index.ts')) ? { main: './src/index.ts' } : {},
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
      new ModuleFederationPlugin({
        name,
        ...(kind === 'remote' ? { filename: 'remoteEntry.js', exposes: options.exposes ?? {} } : {}),
        // The host names no remotes: it registers the tenant's enabled ones at runtime.
        remotes: {},
        shared: shared(),
        dts: false,
        manifest: false,
      }),
      ...(kind === 'host'
        ? [new HtmlRspackPlugin({ template: path.join(dir, 'src/index.html') })]
        : []),
    ],
    performance: { hints: false },
    devServer: { historyApiFallback: true, port: 3031, proxy: [{ context: ['/api', '/remotes'], target: 'http://localhost:3030' }] },
  } as Configuration
}

export default createConfig
