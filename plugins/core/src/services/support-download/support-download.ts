/** GET /support/{id}/download: a stored support manual's file, as an attachment. */
import { NotFound } from '@feathersjs/errors'
import type { AppParams, ServiceDefinition } from '@app/plugin-kit'
import { FileDownload, routeId } from '@app/plugin-kit'
import { supportDownloadMethods, supportDownloadPath } from './support-download.shared'

export const supportDownloadService: ServiceDefinition = {
  path: supportDownloadPath,
  methods: [...supportDownloadMethods],
  scope: { kind: 'none', why: 'Downloads one of the platform-wide support manuals, the same for every account.' },
  service: (app) => ({
    async find(params: AppParams) {
      const id = routeId(params, 'id')
      const row = await app.get('knex')('support_manuals').where({ id }).first('name', 'storage_key', 'mime_type')
      if (!row?.storage_key) throw new NotFound(`No record found for id '${id}'`)
      const stored = await app.get('storage').get(row.storage_key)
      return new FileDownload(stored.body, row.name, row.mime_type ?? stored.contentType, stored.size)
    },
  }),
}
