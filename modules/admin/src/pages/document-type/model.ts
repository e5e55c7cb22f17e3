/**
 * Add and edit a document type (spec part1 §5): name required, min 3; type id
 * required, min 2, unique in the account ("Type id already exists" on its field).
 */
import { createForm, navigate } from '@app/module-kit'
import { attach, createEffect, createEvent, createStore, sample } from 'effector'
import type { FolderType } from '@app/plugin-setup/shared'
import { fetchFolderTypeFx, saveFolderTypeFx } from '../../api'
import { withConflictOn } from '../../conflict'
import { notifyFx } from '../../notify'

interface DocumentTypeValues extends Record<string, unknown> {
  name: string
  typeId: string
  active: boolean
}

export const documentTypeOpened = createEvent<{ accountId: number; id: number | null }>()
export const $target = createStore<{ accountId: number; id: number | null } | null>(null).on(documentTypeOpened, (_, target) => target)
export const $loaded = createStore<FolderType | null>(null)
export const $loadFailed = createStore(false)

const saveFx = attach({
  source: $target,
  effect: createEffect(({ values, target }: { values: DocumentTypeValues; target: { accountId: number; id: number | null } | null }) =>
    withConflictOn('typeId', 'documentType.duplicate', () =>
      saveFolderTypeFx({
        accountId: target?.accountId ?? 0,
        id: target?.id ?? undefined,
        name: values.name.trim(),
        typeId: values.typeId.trim(),
        active: values.active,
      }),
    ),
  ),
  mapParams: (values: DocumentTypeValues, target) => ({ values, target }),
})

export const documentTypeForm = createForm<DocumentTypeValues>({
  fields: {
    name: { initial: '', rules: { required: true, minLength: 3, maxLength: 100 } },
    typeId: { initial: '', rules: { required: true, minLength: 2, maxLength: 40 } },
    active: { initial: true },
  },
  submit: async (values) => {
    await saveFx(values)
  },
})

const loadFx = attach({
  source: $target,
  effect: fetchFolderTypeFx,
  mapParams: (_: undefined, target) => ({ accountId: target?.accountId ?? 0, id: target?.id ?? 0 }),
})
sample({ clock: documentTypeOpened, target: documentTypeForm.reset })
sample({ clock: documentTypeOpened, filter: ({ id }) => id !== null, fn: () => undefined, target: loadFx })
$loaded.on(loadFx.doneData, (_, type) => type).reset(documentTypeOpened)
$loadFailed.on(loadFx.fail, () => true).reset(documentTypeOpened)
sample({ clock: loadFx.doneData, fn: ({ name, typeId, active }) => ({ name, typeId, active }), target: documentTypeForm.filled })

export const backToSetupFx = createEffect((accountId: number) => navigate(`/admin/${accountId}/setup`))
sample({ clock: documentTypeForm.submitFx.done, source: $target, filter: Boolean, fn: (target) => target!.accountId, target: backToSetupFx })
sample({ clock: documentTypeForm.submitFx.done, fn: () => ({ kind: 'success' as const, key: 'documentType.saved' }), target: notifyFx })
sample({ clock: documentTypeForm.submitFx.fail, fn: () => ({ kind: 'error' as const, key: 'documentType.failed' }), target: notifyFx })
