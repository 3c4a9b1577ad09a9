/** The tool's pure logic: no DOM, no React, testable under Node. */
export function feedback(input: string): string {
  return input.trim();
}
