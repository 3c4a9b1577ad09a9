import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Read once from package.json so /api/health reports what is actually deployed. */
export const appVersion = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))).version;
