/** The reasons a document's delete was refused, each naming its item, above the tabs. */
import { Alert } from '@app/module-kit'
import type { Folder } from '@app/plugin-documents/shared'
import { useUnit } from 'effector-react'
import { useTranslation } from 'react-i18next'
import { documentTitle } from '../../crumbs'
import { $deleteBlocks } from './delete-blocks.model'

export const DeleteBlocks = ({ folder }: { folder: Folder }) => {
  const { t } = useTranslation('documents')
  const blocks = useUnit($deleteBlocks)
  if (blocks.length === 0) return null
  const name = documentTitle(folder)
  return (
    <Alert tone="error" title={t('document.deleteBlocked', { name })}>
      <ul>
        {blocks.map((block) => (
          <li key={`${block.reason}-${block.item}`}>
            {t('document.blockedBy', { name, reason: t(`document.blocks.${block.reason}`, { defaultValue: block.reason }), item: block.item })}
          </li>
        ))}
      </ul>
    </Alert>
  )
}
