/** Read by screen readers, not drawn: the shared style (the charts' hidden tables use it too). */
export { visuallyHidden } from '@pagemate/shared-contracts';
