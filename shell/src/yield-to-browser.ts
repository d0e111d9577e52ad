/**
 * Hands the main thread back to the browser for a moment (input, paint, network), so work that follows runs in a
 * task of its own instead of lengthening the current one.
 */
export const yieldToBrowser = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0));
