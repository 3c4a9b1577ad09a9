/** The tool's pure logic: no DOM, no React, testable under Node. */
export function screenOn(input: string): string {
  return input.trim();
}
