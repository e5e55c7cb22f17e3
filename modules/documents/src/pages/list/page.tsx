import { Badge, Button, type DataColumn, DataTable, FileManagerButton, IconButton, ListFilter, Page, type RouteProps, RouteTabs, TextLink, useFormat } from '@app/module-kit'
import { useUnit } from 'effector-react'
import type { FileView } from '@app/plugin-core/shared'
import { BookOpen, Files, Handshake, List, ListPlus, type LucideIcon, Plus, Star } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { type DocumentRow, LIST_TABS, type ListTab } from '../../api'
import { documentPath, personName } from '../../crumbs'
import { UploadPanel } from '../../upload/UploadPanel'
import { $project, $view, VIEWS, documents, favoriteClicked, listOpened, viewChosen } from './model'

const VIEW_ICONS: Record<FileView, LucideIcon> = { DEFAULT: List, FILE: Files, CUSTOMER: Handshake }

/**
 * The columns of each view. Detailed: the document's number, title, project, type, state,
 * responsible, files and last change. File: what is in it, with a link straight to its
 * Files tab. Customer: the numbers a customer's handover lists (customer, supplier and tag
 * number, who provides it) beside its project and state. The star and the title lead in each.
 */
const VIEW_COLUMNS: Record<FileView, readonly string[]> = {
  DEFAULT: ['favorite', 'symbol', 'name', 'project', 'type', 'state', 'responsible', 'files', 'changedAt'],
  FILE: ['favorite', 'symbol', 'name', 'revision', 'openFiles', 'changedAt'],
  CUSTOMER: ['favorite', 'symbol', 'name', 'customerNumber', 'supplierNumber', 'tagNumber', 'provider', 'project', 'state'],
}

const tabOf = (query: URLSearchParams): ListTab => {
  const tab = query.get('tab')
  return (LIST_TABS as readonly string[]).includes(tab ?? '') ? (tab as ListTab) : 'all'
}


export const DocumentsPage = ({ params, query }: RouteProps) => {
  const { t } = useTranslation('documents')
  const format = useFormat()
  const { opened, total, capped, filter, star, project, view, choose } = useUnit({
    opened: listOpened,
    total: documents.$total,
    capped: documents.$totalCapped,
    filter: documents.$appliedFilter,
    star: favoriteClicked,
    project: $project,
    view: $view,
    choose: viewChosen,
  })
  const tab = tabOf(query)
  const projectId = params.projectId ? Number(params.projectId) : null
  useEffect(() => {
    opened({ tab, projectId })
  }, [opened, tab, projectId])

  const base = projectId ? `/project/${projectId}/documents` : '/documents'
  const allColumns: DataColumn<DocumentRow>[] = [
    {
      key: 'favorite',
      header: t('list.favorite'),
      render: (row) => (
        <IconButton icon={Star} size="sm" pressed={row.favorite} label={t('list.favoriteOne', { name: row.name })} onClick={() => star(row)} />
      ),
    },
    { key: 'symbol', header: t('fields.symbol'), render: (row) => row.symbol ?? '' },
    {
      key: 'name',
      header: t('fields.name'),
      rowHeader: true,
      wrap: true,
      // Below EDIT the name is plain text (part1 §6): the document's pages need EDIT.
      render: (row) => (row.canEdit ? <TextLink to={documentPath(row.projectId, row.id)}>{row.name}</TextLink> : row.name),
    },
    { key: 'project', header: t('list.project'), wrap: true, render: (row) => (row.projectSymbol ? `${row.projectSymbol} - ${row.projectName}` : row.projectName) },
    { key: 'type', header: t('fields.folderTypeId'), render: (row) => row.typeName },
    { key: 'state', header: t('list.state'), render: (row) => <Badge tone={row.state === 'ARCHIVED' ? 'info' : 'neutral'}>{t(`values.state.${row.state}`)}</Badge> },
    { key: 'responsible', header: t('fields.responsibleId'), render: (row) => personName(row.responsible) },
    { key: 'files', header: t('list.files'), render: (row) => format.number(row.fileCount) },
    { key: 'changedAt', header: t('list.changedAt'), render: (row) => format.date(row.changedAt) },
    { key: 'revision', header: t('revisions.revision'), render: (row) => row.revision ?? '' },
    {
      key: 'openFiles',
      header: t('list.files'),
      // Straight to the Files tab (it needs EDIT, as the title's link does).
      render: (row) =>
        row.canEdit ? <TextLink to={documentPath(row.projectId, row.id, 'files')}>{t('list.openFiles', { count: row.fileCount })}</TextLink> : format.number(row.fileCount),
    },
    { key: 'customerNumber', header: t('fields.customerNumber'), render: (row) => row.customerNumber ?? '' },
    { key: 'supplierNumber', header: t('fields.supplierNumber'), render: (row) => row.supplierNumber ?? '' },
    { key: 'tagNumber', header: t('fields.tagNumber'), render: (row) => row.tagNumber ?? '' },
    { key: 'provider', header: t('fields.provider'), render: (row) => (row.provider ? t(`values.provider.${row.provider}`) : '') },
  ]
  const columns = VIEW_COLUMNS[view].map((key) => allColumns.find((column) => column.key === key)!)
  return (
    <Page
      title={t('list.title')}
      actions={
        project?.id === projectId && (
          <>
            {project.accessLevel.edit && (
              <>
                <Button to={`/project/${projectId}/documents/add`} variant="primary" icon={Plus}>
                  {t('list.new')}
                </Button>
                <Button to={`/project/${projectId}/documents/bulk`} icon={ListPlus}>
                  {t('list.bulk')}
                </Button>
              </>
            )}
            {/* The project's binders: VIEW reads them. */}
            <Button to={`/project/${projectId}/documents/binders`} icon={BookOpen}>
              {t('list.binders')}
            </Button>
            <FileManagerButton />
          </>
        )
      }
    >
      <RouteTabs label={t('list.tabs')} tabs={LIST_TABS.map((id) => ({ id, label: t(`list.tab.${id}`), path: id === 'all' ? base : `${base}?tab=${id}` }))} selected={tab}>
        <div className="kit-row">
          <ListFilter list={documents} label={t('list.filter')} placeholder={t('list.filter')} />
          {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons named as one switch; a fieldset would draw the kit's framed group of form choices */}
          <div role="group" aria-label={t('list.view')} className="kit-row">
            {VIEWS.map((id) => (
              <Button key={id} size="sm" icon={VIEW_ICONS[id]} variant={id === view ? 'primary' : 'secondary'} aria-pressed={id === view} onClick={() => choose(id)}>
                {t(`list.views.${id}`)}
              </Button>
            ))}
          </div>
        </div>
        <DataTable
          list={documents}
          columns={columns}
          rowKey={(row) => row.id}
          caption={t(capped ? 'list.captionAtLeast' : 'list.caption', { count: total })}
          emptyText={t(filter ? 'list.noMatch' : `list.empty.${tab}`)}
        />
      </RouteTabs>
      <UploadPanel />
    </Page>
  )
}
