// @marketplace/ui/form: the form building blocks (a separate entry so the home page does not load them).
// The fields come through their own shared entry, so a page that loaded them already reuses that copy.
// Running the field rules is @marketplace/ui/form-rules, which deferredRules loads on a form's first check.
export {
  TextField,
  PasswordField,
  SelectField,
  TextAreaField,
  SubmitButton,
  Spinner,
} from '@marketplace/ui/fields';
import './forms.css';

export { AuthLayout } from './AuthLayout';
export { FormError } from './FormError';
export { FormDialog, ChoiceFieldset } from './FormDialog';
export { Modal } from '../modal/Modal';
export { ruleMessages, type FieldCheck, type FieldChecks } from './checks';
export { deferredRules, type DeferredRules } from './deferred-rules';
export { applyServerErrors, type ServerErrors } from './server-errors';
