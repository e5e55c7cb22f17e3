import { navigate } from '@app/module-kit'
import { useEffect } from 'react'

/** The bare /global-admin shows the Manage tab; replace keeps Back from bouncing here. */
export const RedirectToManage = () => {
  useEffect(() => {
    navigate('/global-admin/manage', { replace: true })
  }, [])
  return null
}
