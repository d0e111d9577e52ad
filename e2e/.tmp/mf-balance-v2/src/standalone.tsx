// The remote's own page: rsbuild needs an entry, and MF needs the async boundary before shared modules load.
void import('./standalone-app');
