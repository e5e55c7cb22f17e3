/**
 * Mounts one route of a remote as a single-spa parcel into its own <div>: its own
 * React root, so a remote that throws shows its error page and nothing else breaks.
 * In a split-screen pane the pane's effector scope goes along as a prop, since a
 * new React root does not inherit the <Provider> around it.
 */
import { type Area, ErrorPage, type RouteParcel } from '@app/module-kit'
import { useProvidedScope } from 'effector-react'
import { type Parcel, mountRootParcel } from 'single-spa'
import { useEffect, useRef, useState } from 'react'

export const ParcelOutlet = ({ parcel, path, area }: { parcel: RouteParcel; path: string; area: Area }) => {
  const element = useRef<HTMLDivElement>(null)
  const mounted = useRef<Parcel | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const scope = useProvidedScope()

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per parcel; path changes go through update below.
  useEffect(() => {
    if (!element.current) return
    const instance = mountRootParcel(parcel, { domElement: element.current, path, area, scope })
    mounted.current = instance
    instance.mountPromise.catch((error: Error) => setFailure(error.message))
    return () => {
      mounted.current = null
      // Unmount only what finished mounting; a failed mount has nothing to take down.
      instance.mountPromise.then(() => instance.unmount()).catch(() => undefined)
    }
  }, [parcel])

  useEffect(() => {
    const instance = mounted.current
    if (!instance?.update) return
    instance.mountPromise.then(() => instance.update?.({ path, area, scope })).catch(() => undefined)
  }, [path, area, scope])

  if (failure) return <ErrorPage message={failure} />
  return <div ref={element} className="shell-parcel" />
}
