/**
 * Where a header's dropdown draws its popup: inside the header it was opened from, or the page's body when the
 * trigger is in no header. A header that stays on screen (sticky) then carries its popups with it while the page
 * scrolls under them. Drawn in the body, a popup scrolls away with the page and is moved back by a realignment a
 * moment later; a tap whose press and release straddle that move lands on two different elements and is lost.
 */
export function popupInHeader(trigger: HTMLElement): HTMLElement {
  return trigger.closest('header') ?? trigger.ownerDocument.body;
}
