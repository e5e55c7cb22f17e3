/**
 * The chunked upload calls (spec part1 §7 names them, not their paths):
 * POST /folders/{folderId}/uploads starts one (EDIT on the document's project, the document
 * not archived); GET /uploads/{uploadId} answers it with its confirmed parts; POST
 * /uploads/{uploadId}/parts {partNo} gives a part's address; PUT
 * /uploads/{uploadId}/parts/{partNo} {etag, size} confirms a part sent to a store; POST
 * /uploads/{uploadId}/complete {parts} completes it; DELETE /uploads/{uploadId} aborts it.
 * Each but the start is the uploader's own. The local store's parts are PUT to
 * /upload-parts/{uploadId}/{partNo} by the signed address the API gave, streamed to disk.
 */
import type { AppParams, Application, HookContext, ServiceDefinition } from '@app/plugin-kit'
import { claimRawBody, routeId } from '@app/plugin-kit'
import { BadRequest } from '@feathersjs/errors'
import { UploadsService, type UploadRow } from './uploads.class'
import { partAddressRequestSchema, partConfirmSchema, signedPartQuerySchema, uploadCompleteSchema, uploadSchema, uploadStartSchema, UPLOAD_MESSAGES } from './uploads.schema'
import { folderUploadsPath, uploadCompletePath, uploadPartDataPath, uploadPartsPath, uploadPath } from './uploads.shared'

declare module '@app/plugin-kit' {
  interface ServiceTypes {
    [uploadPath]: UploadsService
  }
}

const uploads = (app: Application) => app.service(uploadPath)
const inUpload = (levels: Record<string, 'EDIT'>) => ({ kind: 'project', level: levels, projectIdFrom: { rowParam: 'uploadId', table: 'uploads' } }) as const

/** The part number a path names, 1 to 10,000 (else 400). */
const partNoOf = (id: unknown) => {
  const partNo = typeof id === 'string' && /^\d{1,5}$/.test(id) ? Number(id) : Number.NaN
  if (!(partNo >= 1 && partNo <= 10_000)) throw new BadRequest(UPLOAD_MESSAGES.partRange, { errors: { partNo: UPLOAD_MESSAGES.partRange } })
  return partNo
}

type SignedParams = AppParams & { signedUpload?: UploadRow }

export const uploadServices: ServiceDefinition[] = [
  {
    path: uploadPath,
    methods: ['find', 'remove'],
    scope: inUpload({ find: 'EDIT', remove: 'EDIT' }),
    schemas: { result: uploadSchema },
    service: (app) => new UploadsService(app),
  },
  {
    path: folderUploadsPath,
    methods: ['find', 'create'],
    scope: { kind: 'project', level: { find: 'EDIT', create: 'EDIT' }, projectIdFrom: { rowParam: 'folderId', table: 'folders' } },
    schemas: { data: uploadStartSchema, result: uploadSchema },
    service: (app) => ({
      // The caller's unfinished uploads into the document: what the upload panel offers to resume.
      find: (params: AppParams) => uploads(app).openUploads(routeId(params, 'folderId'), params),
      create: (data: any, params: AppParams) => uploads(app).start(data, params),
    }),
  },
  {
    path: uploadPartsPath,
    methods: ['create', 'update'],
    scope: inUpload({ create: 'EDIT', update: 'EDIT' }),
    schemas: { data: partAddressRequestSchema, update: partConfirmSchema },
    service: (app) => ({
      create: (data: { partNo: number }, params: AppParams) => uploads(app).partAddress(data.partNo, params),
      update: (id: unknown, data: { etag: string; size: number }, params: AppParams) => uploads(app).confirmPart(partNoOf(id), data, params),
    }),
  },
  {
    path: uploadCompletePath,
    methods: ['create'],
    scope: inUpload({ create: 'EDIT' }),
    schemas: { data: uploadCompleteSchema, result: uploadSchema },
    service: (app) => ({ create: (data: any, params: AppParams) => uploads(app).complete(data, params) }),
  },
  {
    path: uploadPartDataPath,
    methods: ['update'],
    public: ['update'],
    schemas: { query: signedPartQuerySchema },
    scope: { kind: 'none', why: "A part's bytes, PUT by the browser to the address the API signed for that part of that upload (uploader, document and EDIT checked when it was given); the signature names the row." },
    uploads: {
      methods: ['update'],
      raw: true,
      // Before a byte is read: the address must be the API's, unexpired, for an open upload's part, and the body its size.
      async allow(context: HookContext) {
        const params = context.params as SignedParams
        const partNo = partNoOf(context.id)
        const row = await uploads(context.app).signedUpload(routeId(params, 'uploadId'), partNo, params.query ?? {})
        const announced = claimRawBody(params).size
        const expected = uploads(context.app).expectedPartSize(row, partNo)
        if (announced !== expected) throw new BadRequest(UPLOAD_MESSAGES.partSize, { errors: { size: UPLOAD_MESSAGES.partSize } })
        params.signedUpload = row
      },
    },
    hooks: {
      after: {
        // The browser reads the part's ETag from the answer's header, as it would from a store's.
        update: [
          (context: HookContext) => {
            context.http = { ...context.http, headers: { ...context.http?.headers, ETag: (context.result as { etag: string }).etag } }
          },
        ],
      },
    },
    service: (app) => ({
      async update(id: unknown, _data: unknown, params: SignedParams) {
        const row = params.signedUpload!
        const partNo = partNoOf(id)
        const parts = app.get('storage').multipart.parts
        if (!('write' in parts)) throw new BadRequest('This store takes parts at its own addresses')
        const body = claimRawBody(params)
        await uploads(app).forgetPart(row, partNo)
        const part = await parts.write(row.storage_key, row.store_upload_id, partNo, body.stream, body.size!)
        await uploads(app).recordPart(row, partNo, part.etag, part.size)
        return part
      },
    }),
  },
]
