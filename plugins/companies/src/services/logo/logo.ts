/**
 * A company's logo: PATCH /companies/{companyId}/logo takes a multipart upload,
 * GET answers the image as a download.
 */
import type { Readable } from 'node:stream'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { AppParams, Application, ServiceDefinition } from '@app/plugin-kit'
import { FileDownload, claimUpload, currentUser } from '@app/plugin-kit'
import { assertMayEditCompany, companyOfCaller, routeCompanyId } from '../../company-access'
import { LOGO_MAX_BYTES } from '../companies/companies.schema'

export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG, JPEG, GIF or WebP image'
export const LOGO_SIZE_MESSAGE = 'The logo may be at most 5 MB'

/** The first bytes of a stream (then it is closed). */
const head = async (body: Readable, length: number) => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    chunks.push(chunk as Buffer)
    size += (chunk as Buffer).length
    if (size >= length) break
  }
  body.destroy()
  return Buffer.concat(chunks).subarray(0, length)
}

/**
 * The image type by its signature. SVG is refused: it can carry scripts, and a
 * logo is shown wherever the company is.
 */
export const imageType = (bytes: Buffer): string | null => {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  const ascii = bytes.toString('latin1')
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif'
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp'
  return null
}

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
    if (file.size > LOGO_MAX_BYTES) throw invalidFile(LOGO_SIZE_MESSAGE)
    const storage = this.app.get('storage')
    const type = imageType(await head((await storage.get(file.key)).body, 12))
    if (!type) throw invalidFile(LOGO_TYPE_MESSAGE)
    const previous = await knex('companies').where({ id: company.id }).first('logo_key')
    await knex('companies')
      .where({ id: company.id })
      .update({ logo_key: file.key, logo_type: type, logo_name: file.filename, logo_size: file.size })
    if (previous?.logo_key) await storage.remove(previous.logo_key)
    return this.app.service('companies').get(company.id)
  }
}

export const logoService: ServiceDefinition = {
  path: 'companies/:companyId/logo',
  methods: ['find', 'patch'],
  scope: { kind: 'tenant' },
  flags: { find: ['canSeeCompany'], patch: ['canManageCompany', 'canManageCompanyUsers'] },
  service: (app) => new LogoService(app),
}
