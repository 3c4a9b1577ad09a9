import { describe, expect, it } from 'vitest';
import { identify } from '@shared/file-type/identify';
import { bytesBlob } from '@shared/file-type/source';
import { makeDocx } from './docx-fixture';
import { docVerdict } from './doc-preview.service';

const verdictOf = async (bytes: Uint8Array, name = 'x') => docVerdict(await identify(bytesBlob(bytes), name));

describe('docVerdict', () => {
  it('opens a docx and names the empty file', async () => {
    expect(await verdictOf(makeDocx({ pages: 1 }))).toEqual({ kind: 'docx' });
    expect(await verdictOf(new Uint8Array(0))).toEqual({ kind: 'empty' });
  });

  it('sends other tools’ formats to them', () => {
    const found = (format: string, flags: string[] = []) =>
      ({ format, mime: '', ext: format, label: format.toUpperCase(), kind: 'document', basis: 'container', flags }) as never;
    expect(docVerdict(found('xlsx'))).toEqual({ kind: 'otherTool', tool: 'excel', format: 'XLSX' });
    expect(docVerdict(found('pptx'))).toMatchObject({ tool: 'ppt' });
    expect(docVerdict(found('psd'))).toMatchObject({ tool: 'psd' });
    expect(docVerdict(found('sketch'))).toMatchObject({ tool: 'sketch' });
    expect(docVerdict(found('doc'))).toEqual({ kind: 'legacyDoc' });
    expect(docVerdict(found('cfb', ['encrypted']))).toEqual({ kind: 'encrypted' });
    expect(docVerdict(found('png'))).toEqual({ kind: 'unsupported', format: 'PNG' });
  });
});
