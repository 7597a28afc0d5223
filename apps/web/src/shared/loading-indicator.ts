/** The id of the global loading indicator element in `index.html`. */
export const LOADING_INDICATOR_ID = 'loading-indicator';

let pendingRequests = 0;

function element(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(LOADING_INDICATOR_ID);
}

/** Shows the indicator while a request runs (spec §4). */
export function showLoadingIndicator(): void {
  pendingRequests += 1;
  element()?.removeAttribute('hidden');
}

/** Hides the indicator once no request that showed it is still running. */
export function hideLoadingIndicator(): void {
  pendingRequests = Math.max(0, pendingRequests - 1);
  if (pendingRequests === 0) element()?.setAttribute('hidden', '');
}

/** Hides the indicator outright; called after each navigation (spec §4). */
export function resetLoadingIndicator(): void {
  pendingRequests = 0;
  element()?.setAttribute('hidden', '');
}
