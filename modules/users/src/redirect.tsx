import { navigate } from '@app/module-kit'
import { useEffect } from 'react'

/** The bare /users/{id} shows its details tab; replace keeps Back from bouncing here. */
export const RedirectToDetails = ({ params }: { params: Record<string, string> }) => {
  useEffect(() => {
    navigate(`/users/${params.id}/details`, { replace: true })
  }, [params.id])
  return null
}
