/**
 * The side panels modules draw beside the pages under a prefix (the documents module's file
 * manager beside every page of a project), whichever remote owns the page: for each enabled
 * remote whose GET /modules entry names a prefix the path lies under (and whose flag the
 * caller holds), its module is loaded and those panels mounted as parcels, as routes are.
 * A panel stays mounted while the path stays under its prefix, and is told each new path.
 * The shell places them (shell.css: docked beside the page or floating over it, as the
 * panel's own `data-side-panel` says); a remote that fails to load shows no panel.
 */
import { $enabledModules, $flags, type EnabledModule, underPrefix } from '@app/module-kit'
import type { MenuFlags } from '@app/plugin-kit/shared'
import { useUnit } from 'effector-react'
import { ParcelOutlet } from './ParcelOutlet'
import { useRemoteModule } from './use-remote-module'

/** The remotes with a panel beside this path, for this caller. */
export const withSidePanels = (modules: EnabledModule[], flags: MenuFlags, pathname: string) =>
  modules.filter((module) => module.panels?.some((panel) => underPrefix(panel.path, pathname) && (!panel.flag || flags[panel.flag])))

const ModuleSidePanels = ({ owner, path, pathname }: { owner: EnabledModule; path: string; pathname: string }) => {
  const [state] = useRemoteModule(owner)
  if (state.status !== 'ready') return null
  return (
    <>
      {state.module.panelParcels
        .filter((panel) => underPrefix(panel.path, pathname))
        .map(({ id, parcel }) => (
          <ParcelOutlet key={id} parcel={parcel} path={path} area="main" />
        ))}
    </>
  )
}

export const SidePanels = ({ path, pathname }: { path: string; pathname: string }) => {
  const [modules, flags] = useUnit([$enabledModules, $flags])
  return (
    <div className="shell-side">
      {withSidePanels(modules, flags, pathname).map((module) => (
        <ModuleSidePanels key={module.remote} owner={module} path={path} pathname={pathname} />
      ))}
    </div>
  )
}
