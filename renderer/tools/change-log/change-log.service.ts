/** The tool's pure logic: no DOM, no React, testable under Node. */
export function changeLog(input: string): string {
  return input.trim();
}
