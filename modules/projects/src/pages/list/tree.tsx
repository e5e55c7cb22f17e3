import { EmptyState, IconButton, LoadFailed, Skeleton, TextLink } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { ChevronDown, ChevronRight, FolderOpen } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { projectTitle } from '../../crumbs'
import { $expanded, $levels, $treeFailed, ROOT, type NodeKey, nodeToggled, treeOpened, treeRetried } from './tree.model'

/** One level of the tree: its projects, each with the button that opens its sub-projects. */
const Level = ({ parent }: { parent: NodeKey }) => {
  const { t } = useTranslation('projects')
  const { levels, expanded, toggle } = useUnit({ levels: $levels, expanded: $expanded, toggle: nodeToggled })
  const projects = levels[String(parent)]
  if (!projects) return <Skeleton lines={1} />
  if (!projects.length) return parent === ROOT ? <EmptyState icon={FolderOpen} text={t('list.empty')} /> : <p className="projects-hint">{t('tree.none')}</p>
  return (
    <ul className="projects-tree">
      {projects.map((project) => {
        const open = expanded.includes(project.id)
        const title = projectTitle(project)
        return (
          <li key={project.id}>
            <div className="kit-row">
              <IconButton
                icon={open ? ChevronDown : ChevronRight}
                size="sm"
                label={t(open ? 'tree.hide' : 'tree.show', { name: title })}
                aria-expanded={open}
                onClick={() => toggle(project.id)}
              />
              <TextLink to={`/project/${project.id}`}>{title}</TextLink>
              {project.company && <span className="projects-hint">{project.company.name}</span>}
            </div>
            {open && <Level parent={project.id} />}
          </li>
        )
      })}
    </ul>
  )
}

export const ProjectTree = ({ companyId }: { companyId: number | null }) => {
  const { t } = useTranslation('projects')
  const { opened, failed, retry } = useUnit({ opened: treeOpened, failed: $treeFailed, retry: treeRetried })
  useEffect(() => {
    opened({ companyId })
  }, [opened, companyId])
  if (failed) return <LoadFailed text={t('tree.failed')} onRetry={() => retry()} />
  return (
    <nav aria-label={t('tree.label')}>
      <Level parent={ROOT} />
    </nav>
  )
}
