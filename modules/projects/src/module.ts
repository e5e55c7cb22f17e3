/**
 * The `projects` remote: the project list, a new project, and each project's frame with its
 * tabs. The pages load lazily, each when its route first shows, with their texts
 * (pages/texts.ts), so the entry holds only the routes and the home page's panel with its
 * texts (whose map loads its own chunks as it draws).
 */
import { defineModule, lazyPage } from '@app/module-kit'
import './projects.css'
import { ProjectsHomePanel } from './home/HomePanel'
import { locales } from './home/locales'
import { TABS } from './pages/project/tabs'

const ProjectsPage = lazyPage(() => import('./pages/list/page'), (page) => page.ProjectsPage)
const AddProjectPage = lazyPage(() => import('./pages/add/page'), (page) => page.AddProjectPage)
const ProjectPage = lazyPage(() => import('./pages/project/page'), (page) => page.ProjectPage)
const ProjectAddUserPage = lazyPage(() => import('./pages/project/page'), (page) => page.ProjectAddUserPage)

export default defineModule({
  id: 'projects',
  flag: 'canSeeProjects',
  routes: [
    { path: '/projects', component: ProjectsPage },
    { path: '/project/add', flag: 'canManageProjects', component: AddProjectPage },
    { path: '/project/:projectId', component: ProjectPage },
    { path: '/project/:projectId/:tab', params: { tab: TABS }, component: ProjectPage },
    // The add-company-user box of the users tab, by its own address (spec part2 §2).
    { path: '/project/:projectId/users/add', component: ProjectAddUserPage },
    { path: '/project/:projectId/users/:userId', component: ProjectPage },
  ],
  // Recent projects and the map, drawn on the shell's home page.
  home: [{ id: 'projects', component: ProjectsHomePanel }],
  locales,
})
