import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { Spin } from '@/components/Spin';
import { createHandwritingEngine } from './engine';
import { EXPORT_DPI, PREVIEW_DPI } from './engine-port';
import type { HandwritingEngine } from './engine-port';
import { engineErrorKey } from './errors';
import type { EngineErrorKey } from './errors';
import { disposeExporter } from './exporter';
import { GeneratePanel } from './GeneratePanel';
import { PreviewPanel } from './PreviewPanel';
import { DEFAULT_SETTINGS, toRenderSettings } from './hand-write.service';
import type { PageSettings } from './hand-write.service';
import { useHandWriteStore } from './hand-write.store';
import { previewHref } from './routes';
import { SettingsPanel } from './SettingsPanel';
import { TextPanel } from './TextPanel';
import { useDraft } from './useDraft';
import { useGenerate } from './useGenerate';
import { usePreview } from './usePreview';
import './hand-write.css';

const pickSettings = (state: PageSettings): PageSettings =>
  Object.fromEntries(Object.keys(DEFAULT_SETTINGS).map((key) => [key, state[key as keyof PageSettings]])) as unknown as PageSettings;

/**
 * /hand-write/generate: text in, settings, a live preview of page 1, "generate all" with progress
 * and cancel, and the exports. A generated page opens full size at /hand-write/preview?page=N. The
 * text, settings, own font, background and generated pages are kept in this browser.
 */
export default function HandWritePage() {
  const { t } = useTranslation('hand-write');
  const draft = useDraft(t('sampleText'));
  const text = draft.text ?? '';
  const stored = useHandWriteStore(useShallow(pickSettings));
  const setSettings = useHandWriteStore((state) => state.setSettings);
  // An own font chosen before a reload that could not be kept: write with the default font.
  const settings = useMemo(
    () => (stored.font === 'own' && !draft.ownFont && draft.text !== undefined ? { ...stored, font: DEFAULT_SETTINGS.font } : stored),
    [stored, draft.ownFont, draft.text],
  );
  const { ownFont, background } = draft;
  const [fontError, setFontError] = useState<EngineErrorKey>();
  // Cheap to make: its workers start with its first call.
  const [engine] = useState<HandwritingEngine>(createHandwritingEngine);
  const navigate = useNavigate();
  const localize = useLocalize();

  useEffect(() => {
    return () => {
      engine.dispose();
      disposeExporter();
    };
  }, [engine]);

  const previewSettings = useMemo(
    () => toRenderSettings(settings, { ownFont, background, dpi: PREVIEW_DPI }),
    [settings, ownFont, background],
  );
  const preview = usePreview(engine, draft.text === undefined ? '' : text, previewSettings);
  const generate = useGenerate(engine);

  const onFontFile = async (file: File) => {
    setFontError(undefined);
    let data: ArrayBuffer;
    try {
      data = await file.arrayBuffer();
    } catch {
      return setFontError('font-unreadable');
    }
    try {
      // A copy goes to the check: the worker may take the buffer it is given.
      await engine.checkFont(data.slice(0));
    } catch (error) {
      return setFontError(engineErrorKey(error));
    }
    draft.setOwnFont({ name: file.name, data });
    setSettings({ ...settings, font: 'own' });
  };

  // The preview route reads the pages from the database: the ones shown here are written first.
  const openPage = async (index: number) => {
    await generate.saved();
    void navigate(localize(previewHref(index)));
  };

  if (draft.text === undefined) {
    return (
      <div className="hand-write-preview__center">
        <Spin />
      </div>
    );
  }

  return (
    <div className="hand-write">
      <div className="hand-write__side">
        <TextPanel value={text} onChange={draft.setText} />
        <SettingsPanel
          value={settings}
          onChange={setSettings}
          ownFontName={ownFont?.name}
          onFontFile={(file) => void onFontFile(file)}
          fontProblem={fontError ? t(`fontErrors.${fontError}`) : undefined}
          backgroundName={background?.name}
          onBackgroundFile={(file) => {
            draft.setBackground(file);
            setSettings({ ...settings, useBackground: true });
          }}
        />
      </div>
      <div className="hand-write__main">
        <GeneratePanel
          state={generate.state}
          pageCount={preview.pages}
          disabled={text.trim() === ''}
          onStart={() => generate.start(text, toRenderSettings(settings, { ownFont, background, dpi: EXPORT_DPI }))}
          onCancel={generate.cancel}
          onOpen={(index) => void openPage(index)}
        />
        {generate.notKept ? <Alert type="warning" showIcon message={t('generate.notKept')} data-testid="hw-not-kept" /> : null}
        <PreviewPanel preview={preview} hasText={text.trim() !== ''} />
      </div>
    </div>
  );
}
