import { type AppParams, type Application, currentUser, routeId } from '@app/plugin-kit'
import { RESPONSIBLES_LIMIT, type Responsible } from './responsibles.schema'

/**
 * GET /projects/{projectId}/document-responsibles: the enabled members who hold a level on
 * the project (own or role grants, its client's rule, account admins), by name: those who
 * can open the document they would be responsible for.
 */
export class ResponsiblesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<Responsible[]> {
    const projectId = routeId(params, 'projectId')
    const accountId = currentUser(params).accountId
    const clientId = (await this.app.get('projects')?.clientOf(projectId)) ?? null
    const { data } = await this.app.get('core').members(accountId, { levelOn: { projectId, clientId }, limit: RESPONSIBLES_LIMIT, skip: 0 })
    return data.filter((member) => member.enabled).map(({ userId, firstName, lastName, username }) => ({ id: userId, firstName, lastName, username }))
  }
}
