import ArrowLeftOutlined from '@ant-design/icons-svg/es/asn/ArrowLeftOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Icon } from '@/components/Icon';
import { Text } from '@/components/Text';
import type { GeneratedPage } from './useGenerate';
import { pageFileName } from './zip-export';

/** One generated page at its full size (scrolls both ways on a phone), with its neighbours a tap away. */
export function FullPage({
  pages,
  index,
  onGo,
  onBack,
}: {
  pages: readonly GeneratedPage[];
  index: number;
  onGo: (index: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('hand-write');
  const page = pages[index];
  const base = t('generate.fileBase');
  return (
    <div className="hand-write__full" data-testid="hw-full">
      <div className="hand-write__row">
        <Button icon={<Icon icon={ArrowLeftOutlined} />} onClick={onBack} data-testid="hw-full-back">
          {t('full.back')}
        </Button>
        {page ? (
          <>
            <Button
              icon={<Icon icon={LeftOutlined} />}
              disabled={index === 0}
              onClick={() => onGo(index - 1)}
              aria-label={t('full.prev')}
            />
            <Text>
              {t('generate.page', { page: index + 1 })} / {pages.length}
            </Text>
            <Button
              icon={<Icon icon={RightOutlined} />}
              disabled={index >= pages.length - 1}
              onClick={() => onGo(index + 1)}
              aria-label={t('full.next')}
            />
            <Button icon={<Icon icon={DownloadOutlined} />} onClick={() => downloadBlob(page.png, pageFileName(base, page.index))}>
              {t('generate.png')}
            </Button>
          </>
        ) : null}
      </div>
      {page ? (
        <div className="hand-write__full-scroll">
          <img
            src={page.url}
            width={page.width}
            height={page.height}
            alt={t('preview.alt', { page: index + 1 })}
            data-testid="hw-full-image"
          />
        </div>
      ) : (
        <Alert type="info" showIcon message={t('full.missing')} />
      )}
    </div>
  );
}
