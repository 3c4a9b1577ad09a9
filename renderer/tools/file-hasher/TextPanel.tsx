import { useShallow } from 'zustand/react/shallow';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HashDigests } from '@shared/contracts/hash';
import { compareWithExpected } from '@shared/hash/checksum-format';
import type { ExpectedHash } from '@shared/hash/checksum-format';
import type { ReactNode } from 'react';
import { DEFAULT_WAIT_MS, formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { inMemoryHash } from '@/platform';
import { CompareTag } from './CompareTag';
import { DigestList } from './DigestList';
import { classifyHashError } from './file-hasher.service';
import { useFileHasherStore } from './file-hasher.store';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';

/**
 * Hashes typed or pasted text as UTF-8. It goes to the browser engine even on the desktop: the
 * native engine hashes files by their path on disk, and text has none. Hashing waits for a pause in
 * typing (the spec's 500 ms debounce).
 */
export function TextPanel({ expected, compareBox }: { expected: readonly ExpectedHash[]; compareBox: ReactNode }) {
  const { t } = useTranslation('file-hasher');
  const { algorithms, uppercase } = useFileHasherStore(useShallow(({ algorithms, uppercase }) => ({ algorithms, uppercase })));
  const [text, setText] = useState('');
  const [digests, setDigests] = useState<HashDigests>();
  const bytes = useMemo(() => new TextEncoder().encode(text), [text]);

  useEffect(() => {
    if (algorithms.length === 0) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      inMemoryHash.hashFile(new File([bytes], 'text.txt'), { algorithms, signal: controller.signal }).then(setDigests, (error: unknown) => {
        const kind = classifyHashError(error);
        if (kind !== 'cancelled') toast.error(t('errors.unknown', { message: error instanceof Error ? error.message : String(error) }));
      });
    }, DEFAULT_WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bytes, algorithms, t]);

  const outcome = digests
    ? compareWithExpected(
        '',
        digests,
        expected.filter((entry) => entry.name === undefined),
      )
    : undefined;
  return (
    <div className="fh-block fh-stack">
      <TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('text.placeholder')}
        autoSize={{ minRows: 4, maxRows: 14 }}
        data-testid="text-input"
      />
      <Text type="secondary" className="fh-text-size">
        {t('text.size', { size: formatFileSize(bytes.byteLength) })}
      </Text>
      {compareBox}
      {digests ? (
        <div className="bb-batch__item" data-testid="text-result">
          {outcome ? <CompareTag outcome={outcome} /> : null}
          <DigestList digests={digests} uppercase={uppercase} matched={outcome?.status === 'match' ? outcome.algorithm : undefined} />
        </div>
      ) : null}
    </div>
  );
}
