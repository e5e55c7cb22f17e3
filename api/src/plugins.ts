/** The installed plugins, in the order their services and migrations are set up. */
import checklists from '@app/plugin-checklists'
import comments from '@app/plugin-comments'
import companies from '@app/plugin-companies'
import core from '@app/plugin-core'
import documents from '@app/plugin-documents'
import links from '@app/plugin-links'
import type { PluginDefinition } from '@app/plugin-kit'
import projects from '@app/plugin-projects'
import setup from '@app/plugin-setup'

export const plugins: PluginDefinition[] = [core, companies, comments, setup, projects, documents, checklists, links]
