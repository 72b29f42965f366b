// @marketplace/ui/form: the form building blocks (a separate entry so the home page does not load them).
import './forms.css';

export { TextField, PasswordField, SelectField, TextAreaField, SubmitButton, Spinner } from './Field';
export { AuthLayout } from './AuthLayout';
export { FormError } from './FormError';
export { Modal } from '../modal/Modal';
export { fieldRulesResolver, checkField, ruleMessages, type FieldCheck, type FieldChecks } from './resolver';
export { applyServerErrors, type ServerErrors } from './server-errors';
