// @marketplace/ui/form-rules: running the field rules (TypeBox over the contracts' schemas, about 25 KB
// compressed). Its own entry so that a form page draws without it: deferredRules (@marketplace/ui/form)
// loads it on the form's first check.
export { checkField, fieldRulesResolver, type FieldCheck, type FieldChecks } from './resolver';
