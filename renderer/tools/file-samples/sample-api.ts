import { SAMPLES_API } from '@shared/contracts/samples-base';
import type { SampleCategory, SampleFile, SampleOrder } from '@shared/contracts/samples-base';
import { account } from '@/platform';

/** The admin's calls (docs/samples.md); the server checks every one of them again. */
export interface SampleFields {
  categoryId?: number;
  name?: string;
  descriptionCn?: string;
  descriptionEn?: string;
}

function sampleForm(fields: SampleFields, file?: File): FormData {
  const form = new FormData();
  if (fields.categoryId !== undefined) form.append('categoryId', String(fields.categoryId));
  if (fields.name) form.append('name', fields.name);
  // Sent even when empty: clearing a description is a change.
  if (fields.descriptionCn !== undefined) form.append('descriptionCn', fields.descriptionCn);
  if (fields.descriptionEn !== undefined) form.append('descriptionEn', fields.descriptionEn);
  if (file) form.append('file', file, file.name);
  return form;
}

export const sampleApi = {
  upload: (fields: SampleFields, file: File) => account.post<SampleFile>(SAMPLES_API, sampleForm(fields, file)),
  edit: (id: number, fields: SampleFields, file?: File) => account.put<SampleFile>(`${SAMPLES_API}/${id}`, sampleForm(fields, file)),
  remove: (id: number) => account.delete<null>(`${SAMPLES_API}/${id}`),
  addCategory: (nameCn: string, nameEn: string) => account.post<SampleCategory>(`${SAMPLES_API}/categories`, { nameCn, nameEn }),
  renameCategory: (id: number, nameCn: string, nameEn: string) =>
    account.put<SampleCategory>(`${SAMPLES_API}/categories/${id}`, { nameCn, nameEn }),
  removeCategory: (id: number) => account.delete<null>(`${SAMPLES_API}/categories/${id}`),
  order: (order: SampleOrder) => account.put<null>(`${SAMPLES_API}/order`, order),
};
