/**
 * The `checklists` remote (module `checklist`, shown as Task Tracker): a project's
 * checklists, a new one (administrators), and each checklist's two tabs, its items
 * (`checklists`) and its fields (`metadata`). The pages load lazily, each when its route
 * first shows.
 */
import { defineModule, lazyPage } from '@app/module-kit'
import { locales } from './locales'
import { TABS } from './paths'

const ChecklistsPage = lazyPage(() => import('./pages/list/page'), (page) => page.ChecklistsPage)
const AddChecklistPage = lazyPage(() => import('./pages/add/page'), (page) => page.AddChecklistPage)
const ChecklistPage = lazyPage(() => import('./pages/checklist/page'), (page) => page.ChecklistPage)

export default defineModule({
  id: 'checklists',
  flag: 'canSeeProjects',
  routes: [
    { path: '/project/:projectId/checklists', component: ChecklistsPage },
    { path: '/project/:projectId/checklist/add', component: AddChecklistPage },
    // The bare path goes on to the checklists tab (part2 §2).
    { path: '/project/:projectId/checklists/:checklistId', component: ChecklistPage },
    { path: '/project/:projectId/checklists/:checklistId/:tab', params: { tab: [...TABS] }, component: ChecklistPage },
  ],
  locales,
})
