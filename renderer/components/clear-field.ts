/**
 * Empties an input or textarea the way typing would: through the element's own value setter and an
 * `input` event, so React's onChange runs with a real event whose target reads '' — the pages'
 * handlers (`event.target.value`) need no second path for the clear button.
 */
export function clearField(field: HTMLInputElement | HTMLTextAreaElement): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, '');
  else field.value = '';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.focus();
}
