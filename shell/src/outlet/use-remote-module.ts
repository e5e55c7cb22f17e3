/**
 * A remote's module, loaded on first use (and loaded again when Retry asks): what the route
 * outlet and the home page's panels both wait on. A failure is logged once per attempt.
 */
import type { DefinedModule, EnabledModule } from '@app/module-kit'
import { useEffect, useState } from 'react'
import { loadModule, retryModule } from '../remotes'

export type RemoteLoading = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; module: DefinedModule }

export const useRemoteModule = (owner: EnabledModule): [RemoteLoading, () => void] => {
  const [state, setState] = useState<RemoteLoading>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    setState({ status: 'loading' })
    const load = attempt === 0 ? loadModule(owner.remote) : retryModule(owner)
    load.then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => {
        console.error(`Remote ${owner.remote} could not be loaded`, error)
        if (current) setState({ status: 'failed' })
      },
    )
    return () => {
      current = false
    }
  }, [owner, attempt])

  return [state, () => setAttempt((n) => n + 1)]
}
