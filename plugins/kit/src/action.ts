/**
 * One shape for action endpoints: a POST that does one thing (toggle a membership,
 * send a reset link, switch account) rather than create a row. The definition says
 * who may call it and what body it takes, as any service does; `run` gets the caller,
 * the body and the path's numeric ids already read, so no action repeats them.
 *
 *   export const toggleMember = defineAction({
 *     path: 'accountusers/:accountId/toggle/:userId',
 *     scope: { kind: 'tenant', routeParam: 'accountId' },
 *     flags: ['canManageUsers'],
 *     target: { action: 'membership', userFrom: 'userId' },
 *     run: async ({ app, caller, ids }) => …,
 *   })
 */
import { NotFound } from '@feathersjs/errors'
import { type Static, type TObject, Type } from '@sinclair/typebox'
import type { ServiceDefinition } from './define-plugin'
import { type UserTarget, currentUser } from './hooks'
import type { MenuFlag } from './shared'
import type { AppParams, Application, AuthUser } from './types'
import { assertValid, cached } from './validation'

/** A numeric route parameter; anything else is simply not found, as a missing row would be. */
export const routeId = (params: AppParams, name: string): number => {
  const raw = params.route?.[name]
  const id = Number(raw)
  if (!raw || !Number.isInteger(id) || id < 1) throw new NotFound(`No record found for id '${String(raw)}'`)
  return id
}

const NO_BODY = Type.Object({}, { additionalProperties: false })

/** The `:…Id` segments of a path, which an action reads as numbers. */
type IdName<S extends string> = S extends `${string}Id` ? S : never
/** A path only known as `string` may name any id. */
type IdNames<P extends string> = string extends P
  ? string
  : P extends `${string}:${infer S}/${infer Rest}`
  ? IdName<S> | IdNames<Rest>
  : P extends `${string}:${infer S}`
    ? IdName<S>
    : never
const idNames = (path: string) => [...path.matchAll(/:(\w+Id)\b/g)].map((match) => match[1]!)

export interface ActionInput<D, P extends string = string> {
  app: Application
  /** The body, as its schema checked it (an empty object when the action takes none). */
  data: D
  params: AppParams
  /** The signed-in caller; reading it in a public action signed out answers 401. */
  readonly caller: AuthUser
  /** Every `:…Id` segment of the path as a positive integer: anything else answered 404 before `run`. */
  ids: Record<IdNames<P>, number>
}

export interface ActionDefinition<S extends TObject | undefined, R, P extends string = string>
  extends Omit<ServiceDefinition, 'path' | 'service' | 'methods' | 'public' | 'flags' | 'targets' | 'schemas'> {
  /** Path under /api; its `:…Id` segments arrive in `ids`. */
  path: P
  /** Answers signed out too (sign-up, reset links). */
  public?: boolean
  /** A caller must hold one of these menu flags. */
  flags?: MenuFlag[]
  /** The person the action acts on: core's rule of who may act on whom is asked first. */
  target?: UserTarget
  /** The body's schema; without one the action takes an empty body (any key answers 400). */
  data?: S
  /**
   * What the path names that must exist before the body is looked at (the user of the
   * caller's account): its 404 then answers whatever the body, and the body is checked
   * after it (and after the target's rule) instead of before.
   */
  exists?(input: Omit<ActionInput<never, P>, 'data'>): Promise<void>
  /** The query's schema; without one the action takes no query (any key answers 400). */
  query?: TObject
  result?: TObject
  run(input: ActionInput<S extends TObject ? Static<S> : Record<string, never>, P>): Promise<R>
}

/** The service definition of an action: POST on its path, with the kit's hooks as every service has. */
export const defineAction = <S extends TObject | undefined = undefined, R = unknown, P extends string = string>({
  public: isPublic,
  flags,
  target,
  data,
  exists,
  query,
  result,
  run,
  ...definition
}: ActionDefinition<S, R, P>): ServiceDefinition => {
  const ids = idNames(definition.path)
  const body = data ?? NO_BODY
  return {
    ...definition,
    methods: ['create'],
    ...(isPublic ? { public: ['create'] } : {}),
    ...(flags ? { flags: { create: flags } } : {}),
    ...(target ? { targets: { create: target } } : {}),
    schemas: { ...(exists ? {} : { data: body }), ...(query ? { query } : {}), ...(result ? { result } : {}) },
    service: (app) => ({
      async create(sent: unknown, params: AppParams) {
        const input: ActionInput<any, P> = {
          app,
          data: sent ?? {},
          params,
          // Read only when the action asks: a public action may never need it.
          get caller() {
            return currentUser(params)
          },
          ids: Object.fromEntries(ids.map((name) => [name, routeId(params, name)])) as Record<IdNames<P>, number>,
        }
        if (exists) {
          await exists(input)
          // The tenancy hook has stamped the caller's account on the body by now; the path already names it.
          const { accountId: _stamped, ...unstamped } = input.data as Record<string, unknown>
          assertValid(cached(body, 'data'), unstamped)
        }
        return run(input)
      },
    }),
  }
}
