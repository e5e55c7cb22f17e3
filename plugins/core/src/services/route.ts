import { NotFound } from '@feathersjs/errors'
import type { AppParams } from '@app/plugin-kit'

/** A numeric route parameter; anything else is simply not found. */
export const routeId = (params: AppParams, name: string): number => {
  const raw = params.route?.[name]
  const id = Number(raw)
  if (!raw || !Number.isInteger(id) || id < 1) throw new NotFound(`No record found for id '${String(raw)}'`)
  return id
}
