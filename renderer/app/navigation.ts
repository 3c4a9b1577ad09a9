/**
 * In-app navigation for code outside React (the API client, the auth store). The router registers
 * itself here once created; until then a full page load does the job. Keeps those modules from
 * importing the router, which imports them.
 */
let navigateImpl: (path: string) => void = (path) => location.assign(path);

export function setAppNavigator(navigate: (path: string) => void): void {
  navigateImpl = navigate;
}

export function appNavigate(path: string): void {
  navigateImpl(path);
}
