/** Where the setup lists live, for the server and the admin screens. Browser-safe. */
import type { SetupListId } from './items.schema'

export const setupListPath = (list: string) => `setup/:accountId/${list}`
export const setupListMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** The client's URL (under /api) of an account's list, or of one entry of it. */
export const setupListUrl = (accountId: number, list: SetupListId, id?: number) => `/setup/${accountId}/${list}${id === undefined ? '' : `/${id}`}`
