// The job alert form's checks: the contracts' rules the jobs service applies to the same body.
import {
  AlertCategoriesRule,
  AlertEmailRule,
  AlertStatesRule,
  AlertSubcategoriesRule,
  type JobAlertPreferences,
} from '@marketplace/contracts';
import type { FieldChecks } from '@marketplace/ui/form';

export const JOB_ALERT_CHECKS: FieldChecks<JobAlertPreferences> = {
  categories: { rule: AlertCategoriesRule, trim: false },
  subcategories: { rule: AlertSubcategoriesRule, trim: false },
  states: { rule: AlertStatesRule, trim: false },
  email: { rule: AlertEmailRule, required: 'Choose how we e-mail you about new jobs.' },
};
