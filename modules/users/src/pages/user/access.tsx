import { Card } from '@app/module-kit'
import { GrantEditor } from '../../grants'
import { useUnit } from 'effector-react'
import { useEffect } from 'react'
import { accessGrants } from './access.model'

/** The access tab: the user's own privileges. */
export const AccessTab = ({ userId }: { userId: number }) => {
  const opened = useUnit(accessGrants.opened)
  useEffect(() => {
    opened(userId)
  }, [opened, userId])
  return (
    <Card>
      <GrantEditor editor={accessGrants} />
    </Card>
  )
}
