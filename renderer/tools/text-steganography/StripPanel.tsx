import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { Tag } from '@/components/Tag';
import { TextArea } from '@/components/TextArea';
import { boxSize } from '@/components/text-box';
import { Text } from '@/components/Text';
import { revealText, stripInvisible } from './text-steganography.service';

/** Detect / strip mode: counts invisible characters in pasted text and offers the cleaned text. */
export function StripPanel() {
  const { t } = useTranslation('text-steganography');
  const [text, setText] = useState('');
  const stripped = useMemo(() => stripInvisible(text), [text]);
  const [hasMessage, setHasMessage] = useState(false);

  useEffect(() => {
    let current = true;
    // Without a password this only parses the frame (no key derivation), so it is cheap per keystroke.
    void revealText(text).then((result) => {
      if (current) setHasMessage(result.kind !== 'none');
    });
    return () => {
      current = false;
    };
  }, [text]);

  return (
    <Columns>
      <div>
        <label className="tsg-field">
          <Text strong>{t('strip.inputLabel')}</Text>
          <TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('strip.placeholder')}
            {...boxSize(text, 5, 14)}
            data-testid="strip-input"
          />
        </label>
      </div>
      <div>
        {text ? (
          <div className="tsg-column" data-testid="strip-result">
            <Alert
              type={stripped.removed > 0 ? 'warning' : 'success'}
              showIcon
              message={stripped.removed > 0 ? t('strip.found', { count: stripped.removed }) : t('strip.clean')}
              description={hasMessage ? t('strip.hasMessage') : undefined}
              data-testid="strip-count"
              data-count={stripped.removed}
            />
            {stripped.byCodePoint.length > 0 ? (
              <div className="tsg-codepoints" data-testid="strip-codepoints">
                {stripped.byCodePoint.map((entry) => (
                  <Tag key={entry.codePoint}>{`${entry.codePoint} × ${entry.count}`}</Tag>
                ))}
              </div>
            ) : null}
            <div className="tsg-result__head">
              <Text strong>{t('strip.cleaned')}</Text>
              <CopyButton text={stripped.cleaned} label={t('strip.copy')} type="default" data-testid="strip-copy" />
            </div>
            <TextArea
              value={stripped.cleaned}
              readOnly
              {...boxSize(stripped.cleaned, 3, 12)}
              aria-label={t('strip.cleaned')}
              data-testid="strip-output"
            />
            <Text type="secondary" className="tsg-note">
              {t('strip.keptEmoji')}
            </Text>
          </div>
        ) : null}
      </div>
    </Columns>
  );
}
