/** PUT /projects/{projectId}/billing-notification (spec part2 §4, §7). Browser-safe. */
import { type Static, Type } from '@sinclair/typebox'

export const billingNotificationSchema = Type.Object(
  { shouldNotifyBilling: Type.Boolean({ errorMessage: 'This field is required' }) },
  { additionalProperties: false, examples: [{ shouldNotifyBilling: true }] },
)
export type BillingNotification = Static<typeof billingNotificationSchema>

/**
 * The API keeps the client's rule (the toggle refuses to act while the value is undefined):
 * a project whose choice was never made (null: projects made before the field existed, or
 * written straight into the table) answers 409 with this message. A new project starts
 * Disabled (false), so the toggle works on every project made through the API.
 */
export const BILLING_UNDEFINED = 'The billing notification of this project is not set, so it cannot be changed'
