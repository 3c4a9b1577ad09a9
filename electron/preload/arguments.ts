/**
 * Main passes the API base URL to the sandboxed preload as a command-line switch
 * (webPreferences.additionalArguments), which the preload can read synchronously from process.argv.
 */
export const API_URL_ARGUMENT = '--baibao-api-url=';

export function readApiUrl(argv: readonly string[]): string {
  const found = argv.find((argument) => argument.startsWith(API_URL_ARGUMENT));
  return found ? found.slice(API_URL_ARGUMENT.length) : '';
}
