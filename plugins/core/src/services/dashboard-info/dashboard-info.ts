import type { ServiceDefinition } from '@app/plugin-kit'
import { DashboardInfoService } from './dashboard-info.class'
import { dashboardInfoSchema } from './dashboard-info.schema'
import { dashboardInfoMethods, dashboardInfoPath } from './dashboard-info.shared'

export const dashboardInfoService: ServiceDefinition = {
  path: dashboardInfoPath,
  methods: [...dashboardInfoMethods],
  scope: { kind: 'own-user', why: "Counts of the caller's current account only, each as the caller may see it; takes no id." },
  schemas: { result: dashboardInfoSchema },
  service: (app) => new DashboardInfoService(app),
}
