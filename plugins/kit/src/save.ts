/**
 * The spec's "PUT /x saves": a PUT without an id in the path creates the row its body
 * describes, or changes the one its `id` names (or `idWhenMissing`, for a service that
 * only ever changes the caller's own row). It goes through the app's own create and
 * patch of the service, so their hooks decide (flags, validation, tenancy) exactly as
 * when a client calls them; the PUT only chooses which.
 */
import type { Id } from '@feathersjs/feathers'
import { serviceAt } from './define-plugin'
import type { AppParams, Application } from './types'

export const saveOnPut = <S extends object>(app: Application, path: string, service: S, options: { idWhenMissing?: (params: AppParams) => Id } = {}) =>
  Object.assign(service, {
    async update(id: Id | null, data: Record<string, unknown>, params: AppParams) {
      const { id: bodyId, ...fields } = data
      const target = id ?? (bodyId as Id | undefined) ?? options.idWhenMissing?.(params)
      // A save takes no query; create and patch scope their call themselves.
      const call = { ...params, query: {} }
      const self = serviceAt(app, path)
      return target === undefined || target === null ? self.create(fields, call) : self.patch(target, fields, call)
    },
  })
