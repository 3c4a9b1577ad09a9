import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tools } from '@/tools/registry';
import { englishTexts, splitMeta } from './tool-texts-plugin';

const toolsDir = join(import.meta.dirname, '../renderer/tools');

describe('tool texts split (first load: the current language only)', () => {
  it('leaves a tool’s English texts out of its meta.ts as the app builds it', async () => {
    const otp = tools.find((tool) => tool.id === 'otp')!;
    const code = await splitMeta(join(toolsDir, 'otp', 'meta.ts'), 'otp');
    expect(code).toContain(JSON.stringify(otp.texts.cn.title));
    expect(code).toContain(JSON.stringify(otp.texts.cn.description));
    expect(code).not.toContain(otp.texts.en.title);
    expect(code).not.toContain(otp.texts.en.description.slice(0, 30));
  });

  it('puts every tool’s English texts in the English module, by folder name', async () => {
    const english = await englishTexts(toolsDir);
    for (const tool of tools) expect(english[tool.id], tool.id).toEqual(tool.texts.en);
  });
});
