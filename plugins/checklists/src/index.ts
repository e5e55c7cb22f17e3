/**
 * Checklists, shown as Task Tracker (module `checklist`): a project's checklists with their
 * items, status, responsible person, sub-checklists, copies and document folders. A tenant
 * module of its own, switched on and off per account like the others; with it off its calls
 * answer 403 and its screens and tile are not shown.
 */
import { definePlugin, documentDeleteBlockers, projectDeleteBlockers, publishLive, publishToProject, searchProviders } from '@app/plugin-kit'
import packageJson from '../package.json' with { type: 'json' }
import { checklistFolderBlock, checklistsSearch, projectChecklistsBlock } from './contributions'
import { checklistsTables } from './migrations/001-checklists'
import { checklistExportServices } from './services/checklist-export/checklist-export'
import { checklistServices } from './services/checklists/checklists'

export default definePlugin({
  id: 'checklists',
  module: 'checklist',
  version: packageJson.version,
  migrations: [checklistsTables],
  permissions: [],
  remotes: [
    {
      // modules/checklists: a project's checklists (/project/{id}/checklists, each with its tabs) and a new one (/project/{id}/checklist/add).
      // No menu entry or home tile: checklists live inside a project.
      name: 'checklists',
      routes: ['/project/:projectId/checklists', '/project/:projectId/checklist'],
      menu: [],
    },
  ],
  services: [...checklistServices, ...checklistExportServices],
  configure(app) {
    const extensions = app.get('extensions')
    extensions.contribute(projectDeleteBlockers, projectChecklistsBlock)
    extensions.contribute(documentDeleteBlockers, checklistFolderBlock)
    extensions.contribute(searchProviders, checklistsSearch)
  },
  setup(app) {
    // Every change of a checklist (each call answers the checklist) is heard live by those who view its project.
    publishLive(
      app,
      checklistServices.map((service) => service.path),
      publishToProject(app, (checklist: { parentId?: number }) => checklist?.parentId),
    )
  },
})
