import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createConfig } from '../../rspack.config'

export default createConfig({
  name: 'checklists',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  exposes: { './module': './src/module.ts' },
})
