/** The caller's own interface language and folder list view: for another user id, 403. */
import { BadRequest, Forbidden } from '@feathersjs/errors'
import type { ActionInput, ServiceDefinition } from '@app/plugin-kit'
import { defineAction } from '@app/plugin-kit'
import { LANGUAGES, type Language } from '@app/plugin-kit/shared'
import { fieldError } from '../../account-user'
import { FILE_VIEWS, type FileView, fileViewSchema } from './own-preferences.schema'
import { fileViewByTypePath, fileViewPath, languagePath } from './own-preferences.shared'

/** POST /accountusers/{userId}/language/{language}. */
const saveLanguage = defineAction({
  path: languagePath,
  scope: { kind: 'own-user', why: "Saves the caller's own interface language." },
  run: async ({ app, caller, params, ids }) => {
    if (ids.userId !== caller.id) throw new Forbidden('You can only change your own language')
    const language = params.route?.language as Language
    if (!LANGUAGES.includes(language)) throw new BadRequest('Validation failed', { errors: { language: `Must be one of ${LANGUAGES.join(', ')}` } })
    await app.get('knex')('users').where({ id: caller.id }).update({ language })
    return { language }
  },
})

/** Sets the caller's folder view when `type` is given; answers the view either way. */
const fileView = async ({ app, caller, ids }: Omit<ActionInput<unknown>, 'data'>, type: string | undefined) => {
  if (ids.userId !== caller.id) throw new Forbidden('You can only change your own file view')
  const knex = app.get('knex')
  if (type !== undefined) {
    if (!FILE_VIEWS.includes(type as FileView)) throw fieldError('type', `Must be one of ${FILE_VIEWS.join(', ')}`)
    await knex('users').where({ id: caller.id }).update({ file_view: type })
  }
  const row = await knex('users').where({ id: caller.id }).first('file_view')
  return { userId: caller.id, fileView: row.file_view }
}

export const ownPreferenceServices: ServiceDefinition[] = [
  saveLanguage,
  /** POST /accountusers/{userId}/file-view/{type}. */
  defineAction({
    path: fileViewByTypePath,
    scope: { kind: 'own-user', why: "Sets the caller's own folder list view." },
    run: (input) => fileView(input, String(input.params.route?.type)),
  }),
  /** POST /accountusers/{userId}/file-view with { type }, or {} to read it. */
  defineAction({
    path: fileViewPath,
    scope: { kind: 'own-user', why: "Reads or sets the caller's own folder list view." },
    data: fileViewSchema,
    run: (input) => fileView(input, input.data.type),
  }),
]
