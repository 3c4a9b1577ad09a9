import { DeleteOutlined } from '@ant-design/icons';
import { Button, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';
import { ImageList } from './ImageList';
import { ResultPanel } from './ResultPanel';
import { useSubtitleStitchStore } from './subtitle-stitch.store';

/** The screenshots in order (drag to reorder, strips to adjust) beside the stitched result. */
export function StitchWorkspace() {
  const { t } = useTranslation('subtitle-stitch');
  const { items, perImage, setPerImage, clear } = useSubtitleStitchStore();

  return (
    <div className="ss-main">
      <section className="ss-sources">
        <div className="ss-sources__head">
          <Text strong>{t('list.title', { count: items.length })}</Text>
          <Tooltip title={t('list.perImageHint')}>
            <label className="ss-toggle">
              <Switch size="small" checked={perImage} onChange={setPerImage} data-testid="per-image" />
              <Text>{t('list.perImage')}</Text>
            </label>
          </Tooltip>
          <Button size="small" icon={<DeleteOutlined />} onClick={clear} className="ss-sources__clear" data-testid="clear">
            {t('list.clear')}
          </Button>
        </div>
        <ImageList />
      </section>
      <section className="ss-result-column">
        <ResultPanel />
      </section>
    </div>
  );
}
