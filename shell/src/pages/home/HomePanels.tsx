/**
 * The home page's panels that modules draw (the projects module's recent projects and
 * map): for each enabled remote whose GET /modules entry says `home`, its module is loaded
 * and each of its `home` panels mounted as a parcel, as routes are. The shell imports no
 * remote's files; a remote that fails to load shows Retry in its place only.
 */
import { Alert, Button, type EnabledModule, Spinner } from '@app/module-kit'
import type { MenuFlags } from '@app/plugin-kit/shared'
import { useTranslation } from 'react-i18next'
import { ParcelOutlet } from '../../outlet/ParcelOutlet'
import { useRemoteModule } from '../../outlet/use-remote-module'

const ModulePanels = ({ owner }: { owner: EnabledModule }) => {
  const { t } = useTranslation('shell')
  const [state, retry] = useRemoteModule(owner)

  if (state.status === 'loading') return <Spinner />
  if (state.status === 'failed')
    return (
      <Alert
        tone="warning"
        actions={
          <Button size="sm" onClick={retry}>
            {t('remote.retry')}
          </Button>
        }
      >
        <p>{t('remote.failed')}</p>
      </Alert>
    )
  return (
    <>
      {state.module.homeParcels.map(({ id, parcel }) => (
        <ParcelOutlet key={id} parcel={parcel} path="/" area="main" />
      ))}
    </>
  )
}

/** The remotes whose panels the caller gets on the home page (their flag, if they name one). */
export const withHomePanels = (modules: EnabledModule[], flags: MenuFlags) =>
  modules.filter((module) => module.home && (!module.home.flag || flags[module.home.flag]))

export const HomePanels = ({ modules }: { modules: EnabledModule[] }) => (
  <>
    {modules.map((module) => (
      <ModulePanels key={module.remote} owner={module} />
    ))}
  </>
)
