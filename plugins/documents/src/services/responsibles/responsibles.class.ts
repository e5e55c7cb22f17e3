import { type AppParams, type Application, currentUser, routeId } from '@app/plugin-kit'
import { RESPONSIBLES_LIMIT, type Responsible } from './responsibles.schema'

/**
 * Who may be responsible for something of a project's documents (the document form's
 * choices, an action plan row's responsible): the enabled members who hold a level on the
 * project (own or role grants, its client's rule, account admins), by name: those who can
 * open the document they would be responsible for. With `userId`, that member alone when
 * they may be.
 */
export const projectResponsibles = async (app: Application, accountId: number, projectId: number, userId?: number) => {
  const clientId = (await app.get('projects')?.clientOf(projectId)) ?? null
  const { data } = await app.get('core').members(accountId, { levelOn: { projectId, clientId }, ...(userId === undefined ? {} : { userId }), limit: RESPONSIBLES_LIMIT, skip: 0 })
  return data.filter((member) => member.enabled)
}

/** Whether the user may be responsible for something of the project's documents (the same rule as the choices). */
export const mayBeResponsible = async (app: Application, accountId: number, projectId: number, userId: number) =>
  (await projectResponsibles(app, accountId, projectId, userId)).some((member) => member.userId === userId)

/** GET /projects/{projectId}/document-responsibles: who may be responsible, by name. */
export class ResponsiblesService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams): Promise<Responsible[]> {
    const members = await projectResponsibles(this.app, currentUser(params).accountId, routeId(params, 'projectId'))
    return members.map(({ userId, firstName, lastName, username }) => ({ id: userId, firstName, lastName, username }))
  }
}
