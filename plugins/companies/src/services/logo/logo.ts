/**
 * A company's logo: PATCH /companies/{companyId}/logo takes a multipart upload,
 * GET answers the image as a download. The kit refuses a file over 5 MB while it streams.
 */
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FileDownload, claimUpload, currentUser } from '@app/plugin-kit'
import { assertMayEditCompany, companyOfCaller, routeCompanyId } from '../../company-access'
import { LOGO_MAX_BYTES } from '../companies/companies.schema'

export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG, GIF or WebP image'
/**
 * The image types a logo may have, as the kit sniffs them from the file's bytes. SVG is
 * refused: it can carry scripts, and a logo is shown wherever the company is.
 */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

const invalidFile = (message: string) => new BadRequest(message, { errors: { file: message } })

class LogoService {
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
    await assertMayEditCompany(this.app, params, company.id)
    const file = claimUpload(params)
    if (!LOGO_TYPES.includes(file.mimeType)) throw invalidFile(LOGO_TYPE_MESSAGE)
    const storage = this.app.get('storage')
    const previous = await knex('companies').where({ id: company.id }).first('logo_key')
    await knex('companies')
      .where({ id: company.id })
      .update({ logo_key: file.key, logo_type: file.mimeType, logo_name: file.filename, logo_size: file.size })
    if (previous?.logo_key) await storage.remove(previous.logo_key)
    return this.app.service('companies').get(company.id)
  }
}

export const logoService: ServiceDefinition = {
  path: 'companies/:companyId/logo',
  methods: ['find', 'patch'],
  scope: { kind: 'tenant' },
  flags: { find: ['canSeeCompany'], patch: ['canManageCompany', 'canManageCompanyUsers'] },
  uploads: { methods: ['patch'], maxBytes: LOGO_MAX_BYTES },
  service: (app) => new LogoService(app),
}
