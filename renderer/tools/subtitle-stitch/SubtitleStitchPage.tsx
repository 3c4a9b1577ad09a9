import { DeleteOutlined } from '@ant-design/icons';
import { Button, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { Text } from '@/components/Text';
import { ImageList } from './ImageList';
import { ResultPanel } from './ResultPanel';
import { useSubtitleStitchStore } from './subtitle-stitch.store';
import './subtitle-stitch.css';

/** /subtitle/stitch: stack video screenshots into one image, the first whole and the subtitle strips of the rest. */
export default function SubtitleStitchPage() {
  const { t } = useTranslation('subtitle-stitch');
  const { items, perImage, addFiles, setPerImage, clear } = useSubtitleStitchStore();

  return (
    <div className="ss-page">
      <FileDropZone onFiles={addFiles} title={t('dropTitle')} hint={t('dropHint')} compact={items.length > 0} />
      {items.length > 0 ? (
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
      ) : null}
    </div>
  );
}
