// Async boundary: Module Federation resolves the shared singletons before the app's code runs.
void import('./start');
