/**
 * Templates: upload (.docx, .xlsx, .pptx, .pdf, .dotx, .xltx) with the appendable
 * flag, the paged list, download, the appendable switch and delete after a
 * confirmation. An invalid file is refused before and by the API (a 400), and the
 * page says its format is invalid.
 */
import { ApiError, createPagedList } from '@app/module-kit'
import { TEMPLATE_EXTENSIONS, type Template } from '@app/plugin-setup/shared'
import { attach, createEvent, createStore, sample } from 'effector'
import { accountPages, downloadTemplateFx, fetchTemplatesFx, removeTemplateFx, setAppendableFx, uploadTemplateFx } from '../../api'
import { notifyFx } from '../../notify'

/** The tab opens on an account: its templates are listed, uploaded and changed there. */
export const templatesOpened = createEvent<number>()
const $accountId = createStore<number | null>(null).on(templatesOpened, (_, id) => id)

export type TemplateSortField = 'name' | 'size' | 'createdAt' | 'appendable'
export const templates = createPagedList<Template, TemplateSortField>({
  fetch: accountPages($accountId, fetchTemplatesFx),
  defaultSort: { field: 'name', direction: 1 },
  resetOnOpen: true,
})
sample({ clock: templatesOpened, fn: () => undefined, target: templates.opened })
export const fileChosen = createEvent<File | null>()
export const appendableChanged = createEvent<boolean>()
export const uploadClicked = createEvent()
export const downloadClicked = createEvent<Template>()
export const appendableToggled = createEvent<Template>()
/** The removal of a template was confirmed (the view's delete action asks first). */
export const removeConfirmed = createEvent<Template>()

export const $file = createStore<File | null>(null).on(fileChosen, (_, file) => file)
export const $appendable = createStore(false).on(appendableChanged, (_, value) => value)
/** The i18n key of the upload's problem, shown beside the file input. */
export const $uploadError = createStore<string | null>(null)

export const ACCEPT = TEMPLATE_EXTENSIONS.join(',')
export const hasTemplateExtension = (name: string) => TEMPLATE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext))

const uploadFx = attach({
  source: { accountId: $accountId, file: $file, appendable: $appendable },
  effect: uploadTemplateFx,
  mapParams: (_: undefined, { accountId, file, appendable }) => ({ accountId: accountId ?? 0, file: file!, appendable }),
})
export const $uploading = uploadFx.pending
/** Counts finished uploads: the view keys its file input on it, so a finished upload empties the input. */
export const $uploadCount = createStore(0).on(uploadFx.done, (n) => n + 1)

const checked = sample({
  clock: uploadClicked,
  source: $file,
  fn: (file) => (!file ? 'templates.fileRequired' : hasTemplateExtension(file.name) ? null : 'templates.invalidFormat'),
})
$uploadError.on(checked, (_, key) => key).on(fileChosen, () => null).reset(templates.opened)
sample({ clock: checked, filter: (key) => key === null, fn: () => undefined, target: uploadFx })
$uploadError.on(uploadFx.failData, (_, error) =>
  error instanceof ApiError && error.status === 400 ? 'templates.invalidFormat' : 'templates.uploadFailed',
)
$file.reset(uploadFx.done, templates.opened)
$appendable.reset(uploadFx.done, templates.opened)
sample({ clock: uploadFx.done, target: templates.refreshed })
sample({ clock: uploadFx.done, fn: () => ({ kind: 'success' as const, key: 'templates.uploaded' }), target: notifyFx })

const downloadFx = attach({
  source: $accountId,
  effect: downloadTemplateFx,
  mapParams: (template: Template, accountId) => ({ accountId: accountId ?? 0, id: template.id }),
})
sample({ clock: downloadClicked, target: downloadFx })
sample({ clock: downloadFx.fail, fn: () => ({ kind: 'error' as const, key: 'templates.downloadFailed' }), target: notifyFx })

const appendableFx = attach({
  source: $accountId,
  effect: setAppendableFx,
  mapParams: (template: Template, accountId) => ({ accountId: accountId ?? 0, id: template.id, appendable: !template.appendable }),
})
sample({ clock: appendableToggled, target: appendableFx })
sample({ clock: appendableFx.finally, target: templates.refreshed })
sample({ clock: appendableFx.fail, fn: () => ({ kind: 'error' as const, key: 'templates.saveFailed' }), target: notifyFx })

const removeFx = attach({
  source: $accountId,
  effect: removeTemplateFx,
  mapParams: (id: number, accountId) => ({ accountId: accountId ?? 0, id }),
})
sample({ clock: removeConfirmed, fn: (template) => template.id, target: removeFx })
sample({ clock: removeFx.done, target: templates.refreshed })
sample({ clock: removeFx.done, fn: () => ({ kind: 'success' as const, key: 'templates.removed' }), target: notifyFx })
sample({ clock: removeFx.fail, fn: () => ({ kind: 'error' as const, key: 'templates.removeFailed' }), target: notifyFx })
