/**
 * The floating upload panel (part1 §2, §4): every item with its progress, "done of total"
 * with the error count, Retry on a failed item, and Close once nothing is uploading. It moves
 * to the bottom left, just past the file manager, while that is open.
 */
import { $fileManagerShown, Button, IconButton, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { RotateCcw, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { $items, $summary, cancelClicked, panelClosed, retryClicked } from './model'
import './upload.css'

export const UploadPanel = () => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { items, summary, retry, cancel, close, besideFileManager } = useUnit({
    items: $items,
    summary: $summary,
    retry: retryClicked,
    cancel: cancelClicked,
    close: panelClosed,
    besideFileManager: $fileManagerShown,
  })
  if (items.length === 0) return null
  return (
    <section className="documents-upload-panel" data-beside-file-manager={besideFileManager || undefined} aria-label={t('upload.panel')}>
      <header className="documents-upload-header">
        <span role="status">
          {t('upload.progress', { done: summary.done, total: summary.total })}
          {summary.errors > 0 && ` · ${t('upload.errors', { count: summary.errors })}`}
        </span>
        {!summary.busy && <IconButton icon={X} label={t('upload.close')} size="sm" onClick={() => close()} />}
      </header>
      <ul className="documents-upload-list">
        {items.map((item) => {
          const percent = item.size === 0 ? (item.state === 'done' ? 100 : 0) : Math.floor((item.uploaded / item.size) * 100)
          return (
            <li key={item.id} className="documents-upload-item" data-state={item.state}>
              <span className="documents-upload-name" title={item.name}>
                {item.name}
              </span>
              <progress max={100} value={percent} aria-label={t('upload.of', { name: item.name })} />
              <span className="documents-upload-state">
                {item.state === 'error' ? t('upload.error') : item.state === 'done' ? t('upload.done') : `${percent} % · ${format.storageBytes(item.size)}`}
              </span>
              {item.state === 'error' && (
                <Button size="sm" icon={RotateCcw} aria-label={t('upload.retryOne', { name: item.name })} onClick={() => retry(item.id)}>
                  {t('upload.retry')}
                </Button>
              )}
              {item.state !== 'done' && <IconButton icon={X} size="sm" label={t('upload.cancelOne', { name: item.name })} onClick={() => cancel(item.id)} />}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
