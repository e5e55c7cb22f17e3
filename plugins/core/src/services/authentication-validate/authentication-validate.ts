/** GET /authentication/validate: answers only when the caller's token is live (the kit's sign-in check does the work). */
import type { ServiceDefinition } from '@app/plugin-kit'
import { authenticationValidateMethods, authenticationValidatePath } from './authentication-validate.shared'

export const authenticationValidateService: ServiceDefinition = {
  path: authenticationValidatePath,
  methods: [...authenticationValidateMethods],
  scope: { kind: 'own-user', why: "Answers whether the caller's own token is live." },
  service: () => ({ find: async () => ({ valid: true }) }),
}
