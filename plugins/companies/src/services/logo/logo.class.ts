/**
 * A company's logo: PATCH /companies/{companyId}/logo takes a multipart upload,
 * GET answers the image as a download. Who may edit the company is asked before the file
 * is read (the definition's `uploads.allow`); the kit refuses a file over 5 MB while it streams.
 */
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { AppParams, Application } from '@app/plugin-kit'
import { FileDownload, claimUpload, currentUser } from '@app/plugin-kit'
import { companyOfCaller, routeCompanyId } from '../../company-access'
import { LOGO_TYPES, LOGO_TYPE_MESSAGE } from './logo.schema'

const invalidFile = (message: string) => new BadRequest(message, { errors: { file: message } })

export class LogoService {
  constructor(private readonly app: Application) {}

  async find(params: AppParams) {
    const user = currentUser(params)
    const company = await companyOfCaller(this.app.get('knex'), user, routeCompanyId(params))
    const row = await this.app.get('knex')('companies').where({ id: company.id }).first('logo_key', 'logo_name', 'logo_type')
    if (!row?.logo_key) throw new NotFound('The company has no logo')
    const stored = await this.app.get('storage').get(row.logo_key)
    return new FileDownload(stored.body, row.logo_name ?? 'logo', row.logo_type ?? stored.contentType, stored.size)
  }

  async patch(_id: unknown, _data: unknown, params: AppParams) {
    const knex = this.app.get('knex')
    const company = await companyOfCaller(knex, currentUser(params), routeCompanyId(params))
    const file = claimUpload(params)
    if (!(LOGO_TYPES as readonly string[]).includes(file.mimeType)) throw invalidFile(LOGO_TYPE_MESSAGE)
    const storage = this.app.get('storage')
    const previous = await knex('companies').where({ id: company.id }).first('logo_key')
    await knex('companies')
      .where({ id: company.id })
      .update({ logo_key: file.key, logo_type: file.mimeType, logo_name: file.filename, logo_size: file.size })
    if (previous?.logo_key) await storage.remove(previous.logo_key)
    return this.app.service('companies').get(company.id)
  }
}
