/** The installed plugins, in the order their services and migrations are set up. */
import companies from '@app/plugin-companies'
import core from '@app/plugin-core'
import type { PluginDefinition } from '@app/plugin-kit'

export const plugins: PluginDefinition[] = [core, companies]
