import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNameList } from '@/lib/format';
import { lineEndingStyle } from '@shared/encoding/convert';
import type { EncodingName } from '@shared/encoding/names';
import { DownloadButton } from '@/components/DownloadButton';
import { Text } from '@/components/Text';
import { isComponentUnavailable } from '@/lib/load-failure';
import { toast } from '@/lib/notify';
import { WorkerCrashed, encodingWorker } from './encoding-client';
import { PREVIEW_LINES, candidateScores, confidenceLevel, encodingGroups, percent } from './file-encoding-identify.service';
import { useFileEncodingStore } from './file-encoding-identify.store';
import type { EncodingRow } from './file-encoding-identify.store';

/** One file's verdict in full: override, why, line endings, live preview and its UTF-8 download. */
export function EncodingDetails({ row }: { row: EncodingRow }) {
  const { t, i18n } = useTranslation('file-encoding-identify');
  const bom = useFileEncodingStore((state) => state.bom);
  const choose = useFileEncodingStore((state) => state.choose);
  const { identified, chosen } = row;
  if (!identified || !chosen) return null;
  const { detection, lineEndings, sampleOffset } = identified;
  const overridden = chosen !== detection.encoding;
  const isBinary = chosen === 'binary';
  const style = lineEndingStyle(lineEndings);

  const options = encodingGroups().map((group) => ({
    label: t(`families.${group.family}`),
    options: group.names.map((name) => ({ value: name, label: name })),
  }));

  const convert = async () => {
    const outcome = await encodingWorker()
      .convert(row.file, chosen, bom)
      .catch((error: unknown) => {
        throw new Error(
          isComponentUnavailable(error)
            ? t('componentUnavailable', { ns: 'components' })
            : error instanceof WorkerCrashed
              ? t('errors.workerFailed')
              : t('errors.unknown', { message: error instanceof Error ? error.message : String(error) }),
        );
      });
    if (!outcome.ok)
      throw new Error(outcome.error === 'unknown' ? t('errors.unknown', { message: outcome.message ?? '' }) : t(`errors.${outcome.error}`));
    if (outcome.value.replaced > 0) toast.warning(t('convert.replaced', { count: outcome.value.replaced, encoding: chosen }));
    if (outcome.value.declared.length > 0)
      toast.info(t('convert.declared', { list: formatNameList([...new Set(outcome.value.declared)], i18n.language) }));
    return outcome.value.blob;
  };

  const scores = candidateScores(detection);
  return (
    <div className="fei-details">
      <div className="fei-details__bar">
        <Text type="secondary">{t('verdict.override')}</Text>
        <Select<EncodingName>
          size="small"
          showSearch
          value={isBinary ? undefined : chosen}
          placeholder={t('verdict.binary')}
          onChange={(value) => choose(row.id, value)}
          options={options}
          className="fei-select"
          popupMatchSelectWidth={false}
          aria-label={t('verdict.override')}
          data-testid="encoding-select"
        />
        {overridden ? (
          <Button size="small" type="link" onClick={() => choose(row.id, detection.encoding)} data-testid="encoding-reset">
            {t('verdict.reset')}
          </Button>
        ) : null}
        {!isBinary ? (
          <DownloadButton
            size="small"
            type="primary"
            getFile={convert}
            fileName={row.name}
            label={t('convert.download')}
            data-testid="convert-download"
          />
        ) : null}
      </div>
      <Text type="secondary" className="fei-facts" data-testid="encoding-reason">
        {overridden
          ? t('verdict.overridden', { encoding: detection.encoding === 'binary' ? t('verdict.binary') : detection.encoding })
          : t(`reasons.${detection.reason}`)}
        {sampleOffset > 0 ? ` · ${t('verdict.sampleOffset', { offset: sampleOffset })}` : ''}
        {scores.length > 0
          ? ` · ${t('verdict.candidates', {
              list: formatNameList(
                scores.map((c) => `${c.encoding} ${percent(c.score)}`),
                i18n.language,
              ),
            })}`
          : ''}
        {detection.secondOpinion
          ? ` · ${t('verdict.secondOpinion', { encoding: detection.secondOpinion.encoding, percent: percent(detection.secondOpinion.confidence) })}`
          : ''}
      </Text>
      {isBinary ? (
        <Text type="warning" data-testid="binary-hint">
          {t('verdict.binaryHint')}
        </Text>
      ) : (
        <>
          {!overridden && detection.reason !== 'empty' && confidenceLevel(detection.confidence) === 'low' ? (
            <Text type="warning">{t('verdict.lowConfidence')}</Text>
          ) : null}
          <Text type="secondary" className="fei-facts" data-testid="line-endings">
            {t('lineEndings.line', { style: style === 'mixed' ? t('lineEndings.mixed', { ...lineEndings }) : t(`lineEndings.${style}`) })}
          </Text>
          <Text type="secondary" className="fei-facts">
            {t('preview.label', { lines: PREVIEW_LINES })}
          </Text>
          <pre className="fei-preview" data-testid="preview">
            {row.preview || t('preview.empty')}
          </pre>
        </>
      )}
    </div>
  );
}
