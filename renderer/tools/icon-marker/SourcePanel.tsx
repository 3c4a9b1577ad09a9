import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/Checkbox';
import { FileDropZone } from '@/components/FileDropZone';
import { ColorField } from '@/components/ColorField';
import { Input } from '@/components/Input';
import { Segmented } from '@/components/Segmented';
import { Select } from '@/components/Select';
import { Space } from '@/components/Space';
import { Text } from '@/components/Text';
import { FONT_KEYS, SOURCE_KINDS } from './icon-marker.service';
import type { SourceKind } from './icon-marker.service';
import { useIconMarkerStore } from './icon-marker.store';

/** Quick picks; any emoji can be typed or pasted too. */
const EMOJI_PICKS = ['🧰', '🚀', '⭐', '🔥', '💡', '🐼', '🍀', '📚'];

/** Where the icon comes from: an uploaded image, 1–3 characters of text, or one emoji. */
export function SourcePanel() {
  const { t } = useTranslation('icon-marker');
  const { settings, image, update, setImage } = useIconMarkerStore();
  return (
    <Space direction="vertical" size={12} className="im-block">
      <Segmented<SourceKind>
        block
        value={settings.source}
        onChange={(source) => update({ source })}
        options={SOURCE_KINDS.map((kind) => ({ value: kind, label: t(`source.${kind}`) }))}
        aria-label={t('source.label')}
        data-testid="source-kind"
      />
      {settings.source === 'image' ? (
        <>
          <FileDropZone
            multiple={false}
            accept="image/*,.svg,.ico"
            onFiles={([file]) => setImage(file ?? null)}
            title={t('source.dropTitle')}
            hint={t('source.dropHint')}
          />
          {image ? (
            <Text type="secondary" ellipsis data-testid="current-image">
              {t('source.current', { name: image.name })}
            </Text>
          ) : null}
        </>
      ) : null}
      {settings.source === 'text' ? (
        <div className="im-fields">
          <label className="im-field">
            <Text>{t('source.textLabel')}</Text>
            <Input
              value={settings.text}
              onChange={(event) => update({ text: event.target.value })}
              maxLength={24}
              data-testid="text-input"
            />
          </label>
          <label className="im-field">
            <Text>{t('source.font')}</Text>
            <Select
              value={settings.font}
              onChange={(font) => update({ font })}
              options={FONT_KEYS.map((key) => ({ value: key, label: t(`source.fonts.${key}`) }))}
              data-testid="font"
            />
          </label>
          <div className="im-field im-field--inline">
            <Text>{t('source.textColor')}</Text>
            <ColorField
              value={settings.textColor}
              onChange={(textColor) => update({ textColor })}
              label={t('source.textColor')}
              testId="text-color"
            />
            <Checkbox checked={settings.bold} onChange={(bold) => update({ bold })}>
              {t('source.bold')}
            </Checkbox>
          </div>
        </div>
      ) : null}
      {settings.source === 'emoji' ? (
        <div className="im-fields">
          <label className="im-field">
            <Text>{t('source.emojiLabel')}</Text>
            <Input
              value={settings.emoji}
              onChange={(event) => update({ emoji: event.target.value })}
              maxLength={16}
              data-testid="emoji-input"
            />
          </label>
          <Space wrap size={4}>
            {EMOJI_PICKS.map((emoji) => (
              <button
                key={emoji}
                type="button"
                className="im-emoji"
                aria-pressed={settings.emoji === emoji}
                onClick={() => update({ emoji })}
              >
                {emoji}
              </button>
            ))}
          </Space>
        </div>
      ) : null}
    </Space>
  );
}
