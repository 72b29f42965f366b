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

// jsdom lays nothing out, so every element has no client rects and looks hidden to tabbable (under the
// focus trap, libs/ui/src/focus-trap.ts). Give an element a box unless it, or a parent, is hidden the way
// our components hide things (the `hidden` attribute, `display: none` or `visibility: hidden` set inline):
// the Tab order in tests then follows what a browser shows.
function laidOut(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node instanceof HTMLElement && (node.hidden || node.style.display === 'none')) return false;
  }
  return getComputedStyle(element).visibility !== 'hidden';
}

Element.prototype.getClientRects = function getClientRects(this: Element) {
  const box = { x: 0, y: 0, top: 0, left: 0, right: 1, bottom: 1, width: 1, height: 1, toJSON: () => box };
  const rects = laidOut(this) ? [box] : [];
  return Object.assign(rects, { item: (index: number) => rects[index] ?? null }) as unknown as DOMRectList;
};
