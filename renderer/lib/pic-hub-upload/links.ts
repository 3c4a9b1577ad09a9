import type { CdnTemplate, HubFile, LinkFormat } from '@shared/contracts/pic-hub-base';
import { hubFileUrl } from '@shared/pic-hub/cdn';
import { formatLink } from '@shared/pic-hub/links';

/** A file's link in one format through a template; '' for a record without a repository (damaged). */
export function fileLink(file: HubFile, format: LinkFormat, template: Pick<CdnTemplate, 'tpl'>): string {
  const url = hubFileUrl(file, template);
  return url ? formatLink(format, url, file.originalName || file.name) : '';
}
