/**
 * Scrolls to an element on a page that may not have been laid out yet: the pages around it take
 * their real size once in view, so the scroll is repeated until the element stays put.
 */
export function scrollToElement(element: Element, block: ScrollLogicalPosition = 'start') {
  let tries = 0;
  let last = Number.NaN;
  const step = () => {
    element.scrollIntoView({ block });
    const top = element.getBoundingClientRect().top;
    if (Math.abs(top - last) > 1 && (tries += 1) < 5) requestAnimationFrame(step);
    last = top;
  };
  step();
}
