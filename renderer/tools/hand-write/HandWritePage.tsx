import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { createHandwritingEngine } from './engine';
import { EXPORT_DPI, PREVIEW_DPI } from './engine-port';
import type { HandwritingEngine } from './engine-port';
import { engineErrorKey } from './errors';
import type { EngineErrorKey } from './errors';
import { disposeExporter } from './exporter';
import { FullPage } from './FullPage';
import { GeneratePanel } from './GeneratePanel';
import { PreviewPanel } from './PreviewPanel';
import { DEFAULT_SETTINGS, toRenderSettings } from './hand-write.service';
import type { PageSettings } from './hand-write.service';
import { SettingsPanel } from './SettingsPanel';
import { TextPanel } from './TextPanel';
import { useGenerate } from './useGenerate';
import { usePreview } from './usePreview';
import './hand-write.css';

interface OwnFont {
  name: string;
  data: ArrayBuffer;
}

/**
 * /hand-write/generate: text in, settings, a live preview of page 1, "generate all" with progress
 * and cancel, and the exports. `?page=N` shows generated page N full size (the spec's
 * /hand-write/preview; see docs/decisions.md).
 */
export default function HandWritePage() {
  const { t } = useTranslation('hand-write');
  const [text, setText] = useState(() => t('sampleText'));
  const [settings, setSettings] = useState<PageSettings>(DEFAULT_SETTINGS);
  const [ownFont, setOwnFont] = useState<OwnFont>();
  const [fontError, setFontError] = useState<EngineErrorKey>();
  const [background, setBackground] = useState<File>();
  // Cheap to make: its workers start with its first call.
  const [engine] = useState<HandwritingEngine>(createHandwritingEngine);
  const [params, setParams] = useSearchParams();

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
  const preview = usePreview(engine, text, previewSettings);
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
    setOwnFont({ name: file.name, data });
    setSettings((current) => ({ ...current, font: 'own' }));
  };

  const pageParam = Number(params.get('page'));
  const pages = generate.state.status === 'idle' ? [] : generate.state.pages;
  const openPage = (index: number) => setParams({ page: String(index + 1) });

  if (Number.isInteger(pageParam) && pageParam >= 1) {
    return <FullPage pages={pages} index={pageParam - 1} onGo={openPage} onBack={() => setParams({})} />;
  }

  return (
    <div className="hand-write">
      <div className="hand-write__side">
        <TextPanel value={text} onChange={setText} />
        <SettingsPanel
          value={settings}
          onChange={setSettings}
          ownFontName={ownFont?.name}
          onFontFile={(file) => void onFontFile(file)}
          fontProblem={fontError ? t(`fontErrors.${fontError}`) : undefined}
          backgroundName={background?.name}
          onBackgroundFile={(file) => {
            setBackground(file);
            setSettings((current) => ({ ...current, useBackground: true }));
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
          onOpen={openPage}
        />
        <PreviewPanel preview={preview} hasText={text.trim() !== ''} />
      </div>
    </div>
  );
}
