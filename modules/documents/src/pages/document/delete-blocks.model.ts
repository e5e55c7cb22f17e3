/**
 * Why the document was not deleted (part1 §8 "Delete-blocked reasons, shown for the named
 * item"): each reason the API's 409 names, with the item in the way ("is in document list
 * Handover binder", "has file plan.pdf"), until the document is opened again or the
 * delete tried again.
 */
import { ApiError } from '@app/module-kit'
import { createStore } from 'effector'
import { deleteFolderFx } from '../../api'
import { documentOpened } from './model'

export interface DeleteBlock {
  reason: string
  item: string
}

export const $deleteBlocks = createStore<DeleteBlock[]>([])
  .on(deleteFolderFx.failData, (_, error) =>
    error instanceof ApiError && error.status === 409 ? (((error.data as { blocks?: DeleteBlock[] } | undefined)?.blocks ?? []) as DeleteBlock[]) : [],
  )
  .reset(documentOpened, deleteFolderFx)
