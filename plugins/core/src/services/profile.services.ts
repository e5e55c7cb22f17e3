/**
 * What the profile and help pages call (spec part1 §2, §9): the caller's own removal
 * request (a user manager sets a member's too), and the support contact and manuals.
 * Password, e-mail and two-factor are identity.services.ts.
 */
import { Conflict, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FileDownload, claimUpload, currentUser, nowIso , routeId } from '@app/plugin-kit'
import { Field } from '@app/plugin-kit/shared'
import { Type } from '@sinclair/typebox'
import { USER_MESSAGES, accountUser } from '../account-user'
import type { SupportManualRow } from './accounts-admin.schema'

const emptyBodySchema = Type.Object({}, { additionalProperties: false })

/**
 * Everyone asks for their own removal; whoever may act on a member (core's rule, the
 * declared target) sets or clears theirs too (spec part1 §6, the user details page).
 */
const toggleRemovalRequest = (app: Application) => ({
  async create(_data: unknown, params: AppParams) {
    const caller = currentUser(params)
    const userId = routeId(params, 'userId')
    if (userId !== caller.id && (await accountUser(app, caller.accountId, userId)).anonymous) throw new Conflict(USER_MESSAGES.alreadyAnonymous)
    const knex = app.get('knex')
    const where = { account_id: caller.accountId, user_id: userId }
    // Flipped in one statement, so two quick clicks give two toggles, never one lost.
    const changed = await knex('account_users')
      .where(where)
      .update({ removal_requested: knex.raw('case when removal_requested then ? else ? end', [false, true]) })
    if (Number(changed) !== 1) throw new NotFound(`No record found for id '${userId}'`)
    const row = await knex('account_users').where(where).first('removal_requested')
    return { userId, removalRequested: Boolean(row.removal_requested) }
  },
})


export type { SupportManualRow as SupportManual } from './accounts-admin.schema'

/** A stored manual downloads through the API; a row without a file keeps the link it was given. */
const manualLink = (row: { id: number | string; link: string; storage_key: string | null }) =>
  row.storage_key ? `/api/support/${Number(row.id)}/download` : row.link

export const supportNameSchema = Type.Object({ name: Type.Optional(Field.optionalText(255)) }, { additionalProperties: false })

const supportManuals = (app: Application) => ({
  async find(): Promise<SupportManualRow[]> {
    const rows = await app.get('knex')('support_manuals').orderBy('name').orderBy('id').select('id', 'name', 'link', 'storage_key')
    return rows.map((r: any) => ({ id: Number(r.id), name: r.name, link: manualLink(r) }))
  },

  /** A multipart upload (field `file`); the name is the `name` field or else the file's own name. */
  async create(data: { name?: string }, params: AppParams): Promise<SupportManualRow> {
    const upload = claimUpload(params)
    const key = upload.key
    const name = data.name?.trim() || upload.filename
    const knex = app.get('knex')
    try {
      const [id] = await knex('support_manuals').insert({
        name,
        link: '',
        storage_key: key,
        mime_type: upload.mimeType,
        size: upload.size,
        created_at: nowIso(),
      })
      return { id: Number(id), name, link: manualLink({ id: Number(id), link: '', storage_key: key }) }
    } catch (error) {
      await app.get('storage').remove(key)
      throw error
    }
  },

  /** The row, then its file: a failed file removal leaves an orphan file, never a manual that cannot download. */
  async remove(id: number | string): Promise<SupportManualRow> {
    const knex = app.get('knex')
    const row = await knex('support_manuals').where({ id: Number(id) }).first('id', 'name', 'link', 'storage_key')
    if (!row) throw new NotFound(`No record found for id '${id}'`)
    await knex('support_manuals').where({ id: row.id }).delete()
    if (row.storage_key) await app.get('storage').remove(row.storage_key)
    return { id: Number(row.id), name: row.name, link: manualLink(row) }
  },
})

const supportDownload = (app: Application) => ({
  async find(params: AppParams) {
    const id = routeId(params, 'id')
    const row = await app.get('knex')('support_manuals').where({ id }).first('name', 'storage_key', 'mime_type')
    if (!row?.storage_key) throw new NotFound(`No record found for id '${id}'`)
    const stored = await app.get('storage').get(row.storage_key)
    return new FileDownload(stored.body, row.name, row.mime_type ?? stored.contentType, stored.size)
  },
})

/** SUPPORT_EMAIL (checked at start-up by api/src/config.ts), else support@ the public host. */
export const supportEmail = (app: Application, env: Record<string, string | undefined> = process.env) =>
  env.SUPPORT_EMAIL || `support@${new URL(app.get('config').publicUrl).hostname}`

export const profileServices: ServiceDefinition[] = [
  {
    path: 'accountusers/:userId/toggleRequestRemoval',
    methods: ['create'],
    scope: {
      kind: 'own-user',
      why: "The caller's own membership's removal request in their current account; whoever may act on a member toggles theirs, another account's user answers 404.",
    },
    targets: { create: { action: 'removalRequest', userFrom: 'userId' } },
    schemas: { data: emptyBodySchema },
    service: toggleRemovalRequest,
  },
  {
    path: 'support',
    methods: ['find', 'create', 'remove'],
    scope: { kind: 'none', why: 'Support manuals are one platform-wide list, the same for every account.' },
    // Everyone signed in reads them; only global admins change the list.
    flags: { create: ['canManageAccounts'], remove: ['canManageAccounts'] },
    schemas: { data: supportNameSchema },
    uploads: { methods: ['create'] },
    service: supportManuals,
  },
  {
    path: 'support/:id/download',
    methods: ['find'],
    scope: { kind: 'none', why: 'Downloads one of the platform-wide support manuals, the same for every account.' },
    service: supportDownload,
  },
  {
    path: 'support/contact',
    methods: ['find'],
    scope: { kind: 'none', why: "The platform's support contact from configuration; holds no rows." },
    service: (app) => ({ find: async () => ({ email: supportEmail(app) }) }),
  },
]
