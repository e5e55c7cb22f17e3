/** GET /support/contact: the platform's support e-mail for the help page. */
import type { Application, ServiceDefinition } from '@app/plugin-kit'
import { supportContactMethods, supportContactPath } from './support-contact.shared'

/** SUPPORT_EMAIL (checked at start-up by api/src/config.ts), else support@ the public host. */
export const supportEmail = (app: Application, env: Record<string, string | undefined> = process.env) =>
  env.SUPPORT_EMAIL || `support@${new URL(app.get('config').publicUrl).hostname}`

export const supportContactService: ServiceDefinition = {
  path: supportContactPath,
  methods: [...supportContactMethods],
  scope: { kind: 'none', why: "The platform's support contact from configuration; holds no rows." },
  service: (app) => ({ find: async () => ({ email: supportEmail(app) }) }),
}
