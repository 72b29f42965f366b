import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait up to 1 s by default. With a Jest worker per core a page test shares the CPU with a
// service suite, and on a busy machine a first render with its mocked fetches took longer than that.
configure({ asyncUtilTimeout: 5000 });

// jest-fixed-jsdom puts Node's FormData in the page (msw needs it for request bodies), but Node's cannot read a
// jsdom <form>. React 19 builds `new FormData(form, submitter)` when a submit handler starts a transition (a
// navigation, say), so a form that navigates on submit would throw in tests and never in a browser. This reads
// the form's fields the way a browser does for the field types our forms use.
const NodeFormData = globalThis.FormData;

function isField(element: Element): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

class FormDataReadingForms extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements)) {
      if (!isField(element) || !element.name || element.disabled) continue;
      if (element instanceof HTMLSelectElement) {
        for (const option of Array.from(element.selectedOptions)) this.append(element.name, option.value);
      } else if (element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type)) {
        if (element.checked) this.append(element.name, element.value);
      } else if (!(
        element instanceof HTMLInputElement && ['file', 'submit', 'button', 'reset'].includes(element.type)
      )) {
        this.append(element.name, element.value);
      }
    }
    if (submitter instanceof HTMLButtonElement && submitter.name)
      this.append(submitter.name, submitter.value);
  }
}

globalThis.FormData = FormDataReadingForms as typeof FormData;
