/** The support manuals: one platform-wide list, read by everyone signed in, changed by global admins. */
import { NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { claimUpload, nowIso } from '@app/plugin-kit'
import type { SupportManualRow } from './support.schema'
import { supportDownloadUrl } from './support.shared'

/** A stored manual downloads through the API; a row without a file keeps the link it was given. */
const manualLink = (row: { id: number | string; link: string; storage_key: string | null }) =>
  row.storage_key ? supportDownloadUrl(Number(row.id)) : row.link

export class SupportService {
  constructor(private readonly app: Application) {}

  async find(): Promise<SupportManualRow[]> {
    const rows = await this.app.get('knex')('support_manuals').orderBy('name').orderBy('id').select('id', 'name', 'link', 'storage_key')
    return rows.map((r: any) => ({ id: Number(r.id), name: r.name, link: manualLink(r) }))
  }

  /** A multipart upload (field `file`); the name is the `name` field or else the file's own name. */
  async create(data: { name?: string }, params: AppParams): Promise<SupportManualRow> {
    const upload = claimUpload(params)
    const key = upload.key
    const name = data.name?.trim() || upload.filename
    try {
      const [id] = await this.app.get('knex')('support_manuals').insert({
        name,
        link: '',
        storage_key: key,
        mime_type: upload.mimeType,
        size: upload.size,
        created_at: nowIso(),
      })
      return { id: Number(id), name, link: manualLink({ id: Number(id), link: '', storage_key: key }) }
    } catch (error) {
      await this.app.get('storage').remove(key)
      throw error
    }
  }

  /** The row, then its file: a failed file removal leaves an orphan file, never a manual that cannot download. */
  async remove(id: number | string): Promise<SupportManualRow> {
    const knex = this.app.get('knex')
    const row = await knex('support_manuals').where({ id: Number(id) }).first('id', 'name', 'link', 'storage_key')
    if (!row) throw new NotFound(`No record found for id '${id}'`)
    await knex('support_manuals').where({ id: row.id }).delete()
    if (row.storage_key) await this.app.get('storage').remove(row.storage_key)
    return { id: Number(row.id), name: row.name, link: manualLink(row) }
  }
}
