import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createConfig } from '../rspack.config'

export default createConfig({ name: 'shell', kind: 'host', dir: path.dirname(fileURLToPath(import.meta.url)) })
