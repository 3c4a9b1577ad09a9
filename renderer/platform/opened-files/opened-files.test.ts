import { expect, it } from 'vitest';
import type { OpenedFile, OpenedFileRoute } from '@shared/contracts/opened-files';
import { createNativeOpenedFiles } from './opened-files';

it('a page gets the files waiting for its route at once, later ones when main says so, and nothing after unsubscribing', async () => {
  const waiting: Record<string, OpenedFile[]> = { '/doc/preview': [{ name: 'a.docx', bytes: new Uint8Array([80, 75]) }] };
  let notify: (route: OpenedFileRoute) => void = () => undefined;
  const capability = createNativeOpenedFiles({
    openedFiles: {
      take: async (route) => waiting[route]?.splice(0) ?? [],
      onOpened: (listener) => {
        notify = listener;
        return () => (notify = () => undefined);
      },
    },
  });
  const received: string[] = [];
  const stop = capability.subscribe('/doc/preview', (files) => received.push(...files.map((file) => `${file.name}:${file.size}`)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(received).toEqual(['a.docx:2']);

  waiting['/excel'] = [{ name: 'b.xlsx', bytes: new Uint8Array(1) }];
  notify('/excel');
  waiting['/doc/preview'] = [{ name: 'c.docx', bytes: new Uint8Array(3) }];
  notify('/doc/preview');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(received).toEqual(['a.docx:2', 'c.docx:3']);
  expect(waiting['/excel']).toHaveLength(1);

  stop();
  waiting['/doc/preview'] = [{ name: 'd.docx', bytes: new Uint8Array(1) }];
  notify('/doc/preview');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(received).toHaveLength(2);
});
