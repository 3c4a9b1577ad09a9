import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import type { CdnTemplate } from '@shared/contracts/pic-hub-base';

/** One template's outcome in the last probe: its time, a failure, or still waiting. */
export type ProbeResult = { status: 'ok'; ms: number } | { status: 'fail' } | { status: 'pending' };

export interface CdnListProps {
  templates: readonly CdnTemplate[];
  results?: Readonly<Record<string, ProbeResult>>;
  onActivate: (template: CdnTemplate) => void;
  onEdit: (template: CdnTemplate) => void;
  onRemove: (template: CdnTemplate) => void;
}

/** The CDN templates: the active one marked, built-in ones fixed, the user's own editable; each with its probe result. */
export function CdnList({ templates, results, onActivate, onEdit, onRemove }: CdnListProps) {
  const { t } = useTranslation('pic-hub');
  return (
    <ul className="pic-hub__cdn-list" data-testid="pic-hub-cdn-list">
      {templates.map((template) => {
        const result = results?.[template.id];
        return (
          <li
            key={template.id}
            className={template.active ? 'pic-hub__cdn pic-hub__cdn--active' : 'pic-hub__cdn'}
            data-testid="pic-hub-cdn"
            data-name={template.name}
            data-active={template.active}
          >
            <div className="pic-hub__cdn-head">
              <Text strong className="pic-hub__cdn-name">
                {template.name}
              </Text>
              {template.active ? (
                <Tag color="success" icon={<Icon icon={CheckCircleFilled} />}>
                  {t('setting.cdn.active')}
                </Tag>
              ) : null}
              {template.isBuiltin ? <Tag>{t('setting.cdn.builtin')}</Tag> : null}
              {result ? (
                <Tag
                  color={result.status === 'ok' ? 'success' : result.status === 'fail' ? 'error' : 'processing'}
                  data-testid="pic-hub-cdn-result"
                  data-status={result.status}
                >
                  {result.status === 'ok' ? t('setting.cdn.result.ok', { ms: result.ms }) : t(`setting.cdn.result.${result.status}`)}
                </Tag>
              ) : null}
            </div>
            <Text type="secondary" className="pic-hub__cdn-tpl" title={template.tpl}>
              {template.tpl}
            </Text>
            <div className="pic-hub__cdn-actions">
              {template.active ? null : (
                <Button size="small" onClick={() => onActivate(template)} data-testid="pic-hub-cdn-activate">
                  {t('setting.cdn.activate')}
                </Button>
              )}
              {template.isBuiltin ? null : (
                <>
                  <Button
                    size="small"
                    type="text"
                    icon={<Icon icon={EditOutlined} />}
                    onClick={() => onEdit(template)}
                    data-testid="pic-hub-cdn-edit"
                  >
                    {t('setting.cdn.edit')}
                  </Button>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<Icon icon={DeleteOutlined} />}
                    onClick={() => onRemove(template)}
                    data-testid="pic-hub-cdn-remove"
                  >
                    {t('setting.cdn.remove')}
                  </Button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
