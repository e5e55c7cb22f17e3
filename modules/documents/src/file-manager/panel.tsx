/**
 * The file manager panel's content: the search box, the All and Map views, and the
 * project's files and links in two sections, each with its count and "Show more". A file
 * downloads (DOWNLOAD) as on the Files tab, its document opens (EDIT; below it the name is
 * plain text, as in the documents list), and a link opens in a new tab.
 */
import { Button, EmptyState, IconButton, Link, LoadFailed, RadioGroup, SidePanel, Skeleton, TextInput, TextLink, fileManagerDocked, fileManagerOpened, useFormat } from '@app/module-kit'
import { FILE_MANAGER_LIMIT, type FileManagerFile, type FileManagerKind, type FileManagerUrl } from '@app/plugin-documents/shared'
import { accessRank } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { Download, ExternalLink, FolderOpen, MapPin, Pin } from 'lucide-react'
import { type ReactNode, useCallback, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { documentPath, documentTitle } from '../crumbs'
import './file-manager.css'
import { $filter, $level, $sections, $view, type FileManagerView, type Section, downloadClicked, filterChanged, moreClicked, panelOpened, retried, viewChosen } from './model'

/** The document an item belongs to: a link to its files for those who may open it (EDIT), else its name. */
const DocumentName = ({ projectId, item, canOpen }: { projectId: number; item: FileManagerFile | FileManagerUrl; canOpen: boolean }) => {
  const title = documentTitle({ symbol: item.documentSymbol, name: item.documentName })
  return canOpen ? <TextLink to={documentPath(projectId, item.documentId)}>{title}</TextLink> : title
}

const FileItem = ({ projectId, file, level }: { projectId: number; file: FileManagerFile; level: number }) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const download = useUnit(downloadClicked)
  return (
    <li className="documents-fm-item">
      {level >= accessRank('DOWNLOAD') ? (
        <Button variant="ghost" size="sm" icon={Download} className="documents-fm-name" onClick={() => download({ documentId: file.documentId, fileId: file.id })}>
          {file.name}
        </Button>
      ) : (
        <span className="documents-fm-name">{file.name}</span>
      )}
      <span className="documents-fm-meta">
        <DocumentName projectId={projectId} item={file} canOpen={level >= accessRank('EDIT')} />
        {` · ${format.storageBytes(file.size)}`}
        {file.latitude !== undefined && <MapPin size={14} role="img" aria-label={t('fileManager.onMap')} />}
      </span>
    </li>
  )
}

const LinkItem = ({ projectId, link, level }: { projectId: number; link: FileManagerUrl; level: number }) => {
  const { t } = useTranslation('documents')
  return (
    <li className="documents-fm-item">
      <Link className="kit-link documents-fm-name" to={link.url} target="_blank" rel="noopener noreferrer">
        {link.name}
        <ExternalLink size={14} aria-hidden="true" />
        <span className="kit-visually-hidden">{t('fileManager.newTab')}</span>
      </Link>
      <span className="documents-fm-meta">
        <DocumentName projectId={projectId} item={link} canOpen={level >= accessRank('EDIT')} />
      </span>
    </li>
  )
}

const TITLES: Record<FileManagerKind, { title: string; none: string }> = {
  file: { title: 'fileManager.files', none: 'fileManager.noFiles' },
  url: { title: 'fileManager.links', none: 'fileManager.noLinks' },
}

/** One section: its heading with the count, its items, "Show more" while some are left, and its own loading and failure. */
const SectionList = ({ kind, section, children }: { kind: FileManagerKind; section: Section; children: ReactNode }) => {
  const { t } = useTranslation('documents')
  const headingId = useId()
  const { more, retry } = useUnit({ more: moreClicked, retry: retried })
  const first = section.loading && section.items.length === 0
  const left = section.total - section.items.length
  return (
    <section className="documents-fm-section" aria-labelledby={headingId} aria-busy={section.loading}>
      <h3 id={headingId} className="documents-fm-heading">
        {first ? t(`${TITLES[kind].title}Loading`) : t(TITLES[kind].title, { count: section.total })}
      </h3>
      {first ? (
        <Skeleton lines={2} />
      ) : section.items.length > 0 ? (
        <ul className="documents-fm-list">{children}</ul>
      ) : (
        !section.failed && <p className="documents-fm-none">{t(TITLES[kind].none)}</p>
      )}
      {section.failed && <LoadFailed text={t('fileManager.failed')} onRetry={() => retry()} />}
      {!section.failed && left > 0 && (
        <Button size="sm" disabled={section.loading} onClick={() => more(kind)}>
          {t('fileManager.more', { count: Math.min(left, FILE_MANAGER_LIMIT.default) })}
        </Button>
      )}
    </section>
  )
}

export const FileManager = ({ projectId, docked }: { projectId: number; docked: boolean }) => {
  const { t } = useTranslation('documents')
  const units = useUnit({
    opened: panelOpened,
    filter: $filter,
    filterChanged,
    view: $view,
    viewChosen,
    sections: $sections,
    level: $level,
    open: fileManagerOpened,
    dock: fileManagerDocked,
  })
  const { opened, open, sections } = units
  useEffect(() => {
    opened(projectId)
  }, [opened, projectId])
  const close = useCallback(() => open(false), [open])
  const level = accessRank(units.level)
  const map = units.view === 'map'
  const settled = !sections.file.loading && !sections.url.loading && !sections.file.failed && !sections.url.failed
  const empty = settled && sections.file.total === 0 && (map || sections.url.total === 0)
  const emptyText = map ? 'fileManager.noPlaces' : units.filter.trim() ? 'fileManager.noMatch' : 'fileManager.empty'
  return (
    <SidePanel
      title={t('fileManager.title')}
      docked={docked}
      onClose={close}
      actions={<IconButton icon={Pin} size="sm" pressed={docked} label={t('fileManager.dock')} onClick={() => units.dock(!docked)} />}
    >
      <TextInput label={t('fileManager.search')} value={units.filter} onChange={units.filterChanged} />
      <RadioGroup
        legend={t('fileManager.show')}
        value={units.view}
        options={[
          { value: 'all', label: t('fileManager.all') },
          { value: 'map', label: t('fileManager.map') },
        ]}
        onChange={(view) => units.viewChosen(view as FileManagerView)}
      />
      {empty ? (
        <EmptyState icon={FolderOpen} text={t(emptyText)} />
      ) : (
        <>
          <SectionList kind="file" section={sections.file}>
            {sections.file.items.map((item) => item.kind === 'file' && <FileItem key={item.id} projectId={projectId} file={item} level={level} />)}
          </SectionList>
          {/* Links have no place on the map: the Map view lists files only. */}
          {!map && (
            <SectionList kind="url" section={sections.url}>
              {sections.url.items.map((item) => item.kind === 'url' && <LinkItem key={item.id} projectId={projectId} link={item} level={level} />)}
            </SectionList>
          )}
        </>
      )}
    </SidePanel>
  )
}
