/**
 * PUT /projects/{projectId}/billing-notification { shouldNotifyBilling }: Enabled or
 * Disabled, saved at once, at EDIT level (editing the project's metadata). Refused (409)
 * while the current value is undefined, as the spec's toggle is.
 */
import { Conflict } from '@feathersjs/errors'
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { routeId } from '@app/plugin-kit'
import { projectSchema } from '../projects/projects.schema'
import { billingNotificationPath, projectsPath } from '../projects/projects.shared'
import { BILLING_UNDEFINED, type BillingNotification, billingNotificationSchema } from './billing-notification.schema'

export const billingNotificationService: ServiceDefinition = {
  path: billingNotificationPath,
  methods: ['update'],
  scope: { kind: 'project', level: { update: 'EDIT' }, projectIdFrom: { routeParam: 'projectId' } },
  schemas: { update: billingNotificationSchema, result: projectSchema },
  service: (app) => ({
    async update(_id: unknown, data: BillingNotification, params: AppParams) {
      const projects = app.service(projectsPath)
      const projectId = routeId(params, 'projectId')
      const current = await projects.row(projectId, params)
      if (current.should_notify_billing === null || current.should_notify_billing === undefined) throw new Conflict(BILLING_UNDEFINED)
      return projects.setBilling(projectId, data.shouldNotifyBilling, params)
    },
  }),
}
