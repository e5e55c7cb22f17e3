/** The Notes tab of a document (part1 §2, §3): the kit's comment thread with the documents' words for a note. */
import { CommentThread } from '@app/module-kit'
import type { Folder } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { StickyNote } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { documentNotes } from './notes.model'

export const NotesTab = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const opened = useUnit(documentNotes.opened)
  useEffect(() => {
    opened(folder.id)
  }, [opened, folder.id])
  return (
    <CommentThread
      model={documentNotes}
      icon={StickyNote}
      texts={{
        title: t('notes.title'),
        new: t('notes.new'),
        newHint: t('notes.newHint'),
        add: t('notes.add'),
        empty: t('notes.empty'),
        failed: t('notes.failed'),
        edit: t('notes.edit'),
        editLabel: t('notes.editLabel'),
        remove: t('notes.remove'),
        removeTitle: t('notes.removeTitle'),
      }}
    />
  )
}
