import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Alert, Button, Spin, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import type { StripBounds } from '@shared/image/stitch';
import { StripEditor } from './StripEditor';
import type { StitchItem } from './subtitle-stitch.store';
import { percent } from './subtitle-stitch.service';

export interface ImageCardProps {
  item: StitchItem;
  /** 1-based place in the list, as shown. */
  number: number;
  /** Whether this is the screenshot kept whole (the first one that decoded). */
  whole: boolean;
  bounds: StripBounds;
  /** Whether its width differs from the first one's, so it is scaled to that. */
  scaled: boolean;
  onBounds: (bounds: StripBounds) => void;
  onRemove: () => void;
}

/** One screenshot in the sortable list: drag grip, name, strip editor or its error, remove. */
export function ImageCard({ item, number, whole, bounds, scaled, onBounds, onRemove }: ImageCardProps) {
  const { t } = useTranslation('subtitle-stitch');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    attributes: { roleDescription: t('list.sortable') },
  });
  const style = { transform: CSS.Translate.toString(transform), transition };

  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`ss-card${isDragging ? ' ss-card--dragging' : ''}`}
      data-testid="stitch-item"
      data-file-name={item.name}
      data-status={item.status}
    >
      <div className="ss-card__head">
        <Tooltip title={t('list.reorder')}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="ss-card__grip"
            aria-label={t('list.reorder')}
            data-testid="drag-handle"
            {...attributes}
            {...listeners}
          >
            <HolderOutlined />
          </button>
        </Tooltip>
        <span className="ss-card__number">{number}</span>
        <Typography.Text ellipsis={{ tooltip: item.name }} className="ss-card__name">
          {item.name}
        </Typography.Text>
        {item.status === 'ready' ? (
          <Tag className="ss-card__tag" color={whole ? 'blue' : 'default'} data-testid="item-tag">
            {whole ? t('list.whole') : t('list.strip', { top: percent(bounds.top), bottom: percent(bounds.bottom) })}
          </Tag>
        ) : null}
        {scaled && item.size ? (
          <Tag className="ss-card__tag" color="orange" data-testid="item-scaled">
            {t('list.scaled', { width: item.size.width })}
          </Tag>
        ) : null}
        <Tooltip title={t('list.remove')}>
          <Button
            className="ss-card__remove"
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('list.remove')}
            onClick={onRemove}
            data-testid="remove-item"
          />
        </Tooltip>
      </div>
      {item.status === 'loading' ? (
        <div className="ss-card__loading">
          <Spin size="small" /> <Typography.Text type="secondary">{t('list.loading')}</Typography.Text>
        </div>
      ) : null}
      {item.status === 'error' ? (
        <Alert
          type="error"
          showIcon
          message={
            item.error === 'unknown' || !item.error
              ? t('errors.unknown', { message: item.errorMessage ?? '' })
              : item.error === 'componentUnavailable'
                ? t('componentUnavailable', { ns: 'components' })
                : t(`errors.${item.error}`, { max: MAX_IMAGE_SIDE })
          }
          data-testid="item-error"
        />
      ) : null}
      {item.status === 'ready' && item.url ? (
        <StripEditor url={item.url} name={item.name} bounds={bounds} whole={whole} onChange={onBounds} />
      ) : null}
    </li>
  );
}
