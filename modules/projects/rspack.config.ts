import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createConfig } from '../../rspack.config'

const config = createConfig({
  name: 'projects',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './module': './src/module.ts' },
})

export default {
  ...config,
  optimization: {
    ...config.optimization,
    splitChunks: {
      cacheGroups: {
        // The OpenLayers the map chunk needs (not the tiles' part, `map-tiles`) under a name of
        // its own, `map-ol`, beside the map's other chunks (`map`, `map-outlines`): only the
        // home page's map loads them, and the web budget (tools/bench) counts them by name.
        mapOl: { test: /[\\/]node_modules[\\/](ol|rbush|quickselect|color-parse|color-space|color-name|earcut|pbf)[\\/]/, name: 'map-ol', chunks: (chunk: { name?: string | null }) => chunk.name === 'map', priority: 20, enforce: true },
      },
    },
  },
}
