import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayerView } from './psd-model';
import { useFeatureLabel } from './use-feature-label';

interface LayerDetailsProps {
  layer: LayerView;
  exporting: boolean;
  onExport: () => void;
}

/** The selected layer's facts, its text as real (selectable, copyable) text, and its PNG export. */
export function LayerDetails({ layer, exporting, onExport }: LayerDetailsProps) {
  const { t } = useTranslation('psd');
  const label = useFeatureLabel();
  const blendNames = t('blendModes', { returnObjects: true });
  const name = layer.name || t('layers.untitled');
  const exportable = layer.kind === 'group' || (layer.width > 0 && layer.height > 0);
  return (
    <div className="psd-details" data-testid="psd-details">
      <Typography.Title level={2} className="psd-details__name" data-testid="psd-details-name">
        {name}
      </Typography.Title>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'kind', label: t('details.kind'), children: t(`kinds.${layer.kind}`) },
          { key: 'blend', label: t('details.blendMode'), children: blendNames[layer.blendMode] ?? layer.blendMode },
          { key: 'opacity', label: t('details.opacity'), children: `${layer.opacity}%` },
          ...(layer.kind === 'group'
            ? []
            : [
                {
                  key: 'position',
                  label: t('details.position'),
                  children: t('details.positionValue', { left: layer.left, top: layer.top }),
                },
                {
                  key: 'size',
                  label: t('details.size'),
                  children: exportable ? t('info.sizeValue', { width: layer.width, height: layer.height }) : t('layers.noPixels'),
                },
              ]),
          ...(layer.notRendered.length > 0
            ? [{ key: 'missing', label: t('details.notRendered'), children: layer.notRendered.map(label).join('；') }]
            : []),
        ]}
      />
      {layer.text !== undefined ? (
        <div className="psd-details__text">
          <Typography.Text strong>{t('details.text')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: layer.text }} className="psd-details__text-body" data-testid="psd-layer-text">
            {layer.text}
          </Typography.Paragraph>
        </div>
      ) : null}
      <Button
        icon={<DownloadOutlined />}
        onClick={onExport}
        loading={exporting}
        disabled={!exportable}
        aria-label={t('layers.exportNamed', { name })}
        data-testid="psd-export-layer"
      >
        {t('layers.export')}
      </Button>
    </div>
  );
}
