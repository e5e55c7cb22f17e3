/**
 * The file manager beside every page of a project (the module's side panel, see module.ts):
 * nothing while it is closed, so its chunk loads only once someone opens it. Whether it is
 * open and docked is the kit's file manager model, which the pages' switches change; while
 * it is on screen the model says so, and the upload panel moves aside.
 */
import { $fileManager, type RouteProps, fileManagerShown } from '@app/module-kit'
import { useUnit } from 'effector-react'
import { Suspense, lazy, useEffect } from 'react'

const FileManager = lazy(() => import('./panel').then((loaded) => ({ default: loaded.FileManager })))

export const FileManagerPanel = ({ params }: RouteProps) => {
  const { state, shown } = useUnit({ state: $fileManager, shown: fileManagerShown })
  const projectId = Number(params.projectId)
  // A project's pages only (not /project/add).
  const visible = state.open && Number.isInteger(projectId) && projectId > 0
  useEffect(() => {
    if (!visible) return
    shown(true)
    return () => {
      shown(false)
    }
  }, [visible, shown])
  if (!visible) return null
  return (
    <Suspense fallback={null}>
      <FileManager projectId={projectId} docked={state.docked} />
    </Suspense>
  )
}
