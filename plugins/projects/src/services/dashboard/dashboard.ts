import type { ServiceDefinition } from '@app/plugin-kit'
import { ProjectDashboardInfoService, ProjectStatusService, RecentProjectsService, TimelineMarkService, TimelineService } from './dashboard.class'
import {
  projectDashboardInfoSchema,
  projectIdQuerySchema,
  projectStatusSchema,
  recentProjectPageSchema,
  recentProjectsQuerySchema,
  timelineMarkDataSchema,
  timelineSchema,
} from './dashboard.schema'
import { projectDashboardInfoPath, projectStatusPath, recentProjectsPath, timelineMarkPath, timelinePath } from './dashboard.shared'

export const recentProjectsService: ServiceDefinition = {
  path: recentProjectsPath,
  methods: ['find'],
  scope: {
    kind: 'own-user',
    why: "The caller's own visits in their current account, joined with the projects the list filter (whereProjectAccess) lets them open: no other person's visits, no other account's projects.",
  },
  schemas: { query: recentProjectsQuerySchema, result: recentProjectPageSchema },
  service: (app) => new RecentProjectsService(app),
}

export const projectDashboardInfoService: ServiceDefinition = {
  path: projectDashboardInfoPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { routeParam: 'projectId' } },
  schemas: { result: projectDashboardInfoSchema },
  service: (app) => new ProjectDashboardInfoService(app),
}

export const projectStatusService: ServiceDefinition = {
  path: projectStatusPath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { field: 'projectId' } },
  schemas: { query: projectIdQuerySchema, result: projectStatusSchema },
  service: (app) => new ProjectStatusService(app),
}

export const timelineService: ServiceDefinition = {
  path: timelinePath,
  methods: ['find'],
  scope: { kind: 'project', level: { find: 'VIEW' }, projectIdFrom: { field: 'projectId' } },
  schemas: { query: projectIdQuerySchema, result: timelineSchema },
  service: (app) => new TimelineService(app),
}

/** A bubble's mark is the project's status, shared by everyone on it: changing it needs EDIT. */
export const timelineMarkService: ServiceDefinition = {
  path: timelineMarkPath,
  methods: ['create', 'remove'],
  scope: { kind: 'project', level: { create: 'EDIT', remove: 'EDIT' }, projectIdFrom: { routeParam: 'projectId', table: 'project_timeline_marks' } },
  schemas: { data: timelineMarkDataSchema },
  service: (app) => new TimelineMarkService(app),
}

export const dashboardServices = [recentProjectsService, projectDashboardInfoService, projectStatusService, timelineService, timelineMarkService]
