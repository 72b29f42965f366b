// @marketplace/ui/fields: the field blocks and their CSS alone, for a page with a small form (the category
// page's intro) that should not load the form rules, server-error mapping, modal and auth layout with them.
import './fields.css';

export { TextField, PasswordField, SelectField, TextAreaField, SubmitButton, Spinner } from './Field';
