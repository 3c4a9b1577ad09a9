import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Empty } from '@/components/Empty';
import { Icon } from '@/components/Icon';
import { LinkButton } from '@/components/LinkButton';
import { Segmented } from '@/components/Segmented';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { handWriteStorage } from '@/platform/storage';
import type { StoredHandwritingPage } from '@/platform/storage';
import { GENERATOR_PATH, requestedPage } from './routes';
import { pageFileName } from './zip-export';
import './hand-write.css';

type Zoom = 'fit' | 'actual';

/**
 * /hand-write/preview (spec §2's untitled internal route): one page of the last "generate all" at
 * full size, read from this browser's handwriting database, so it survives a reload and can be opened
 * in a tab of its own. Fit to the window by default (a phone's pinch zooms further), or 100 %: one
 * image pixel per CSS pixel, scrolling both ways.
 */
export default function HandWritePreviewPage() {
  const { t } = useTranslation('hand-write');
  const localize = useLocalize();
  const [params, setParams] = useSearchParams();
  const number = requestedPage(params.get('page'));
  const [total, setTotal] = useState<number>();
  const [page, setPage] = useState<{ stored: StoredHandwritingPage; url: string } | null>();
  const [zoom, setZoom] = useState<Zoom>('fit');

  useEffect(() => {
    let alive = true;
    handWriteStorage.pages.count().then(
      (count) => alive && setTotal(count),
      () => alive && setTotal(0),
    );
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    if (!total || number > total) return;
    let alive = true;
    let url: string | undefined;
    handWriteStorage.pages.get(number - 1).then(
      (stored) => {
        if (!alive) return;
        if (!stored) return setPage(null);
        url = URL.createObjectURL(stored.png);
        setPage({ stored, url });
      },
      () => alive && setPage(null),
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [number, total]);

  const go = (next: number) => setParams({ page: String(next) });
  const generator = localize(GENERATOR_PATH);

  if (total === undefined) {
    return (
      <div className="hand-write-preview__center">
        <Spin />
      </div>
    );
  }

  if (total === 0) {
    return (
      <div className="hand-write-preview__center" data-testid="hw-preview-empty">
        <Empty description={t('full.empty')} />
        <LinkButton type="primary" to={generator} data-testid="hw-preview-to-generator">
          {t('full.toGenerator')}
        </LinkButton>
      </div>
    );
  }

  const shown = page && page.stored.index === number - 1 ? page : undefined;
  const base = t('generate.fileBase');

  return (
    <div className="hand-write-preview" data-testid="hw-preview-page">
      <div className="hand-write-preview__bar">
        <LinkButton icon={<Icon icon={ArrowLeftOutlined} />} to={generator} data-testid="hw-preview-back">
          {t('full.back')}
        </LinkButton>
        <div className="hand-write__row">
          <Button
            icon={<Icon icon={LeftOutlined} />}
            disabled={number <= 1}
            onClick={() => go(Math.min(number - 1, total))}
            aria-label={t('full.prev')}
            data-testid="hw-preview-prev"
          />
          <Text data-testid="hw-preview-counter">{t('full.counter', { page: number, total })}</Text>
          <Button
            icon={<Icon icon={RightOutlined} />}
            disabled={number >= total}
            onClick={() => go(number + 1)}
            aria-label={t('full.next')}
            data-testid="hw-preview-next"
          />
        </div>
        <Segmented
          size="small"
          value={zoom}
          onChange={setZoom}
          options={[
            { value: 'fit', label: t('full.fit') },
            { value: 'actual', label: t('full.actual') },
          ]}
          aria-label={t('full.zoom')}
          data-testid="hw-preview-zoom"
        />
        <Button
          icon={<Icon icon={DownloadOutlined} />}
          disabled={!shown}
          onClick={() => shown && downloadBlob(shown.stored.png, pageFileName(base, shown.stored.index))}
          data-testid="hw-preview-download"
        >
          {t('generate.png')}
        </Button>
      </div>
      {number > total || page === null ? (
        <Alert type="info" showIcon message={t('full.missing', { page: number })} data-testid="hw-preview-missing" />
      ) : shown ? (
        <div className={`hand-write-preview__scroll hand-write-preview__scroll--${zoom}`}>
          <img
            src={shown.url}
            width={shown.stored.width}
            height={shown.stored.height}
            alt={t('preview.alt', { page: number })}
            data-testid="hw-preview-image"
          />
        </div>
      ) : (
        <div className="hand-write-preview__center">
          <Spin />
        </div>
      )}
    </div>
  );
}
