import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Panel } from '@/components/Panel';
import { MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import { useTranslation } from 'react-i18next';
import { textProblem } from './icon-marker.service';
import { useIconMarkerStore } from './icon-marker.store';
import { OutputPanel } from './OutputPanel';
import { PreviewPanel } from './PreviewPanel';
import { SourcePanel } from './SourcePanel';
import { StylePanel } from './StylePanel';
import { useIconRender } from './use-icon-render';
import type { RenderState } from './use-icon-render';
import type { IconSettings } from './icon-marker.service';
import './icon-marker.css';

type ProblemKey = 'errors.needImage' | 'errors.empty' | 'errors.tooLong' | 'errors.emojiEmpty' | 'errors.emojiTooLong';

/** Why nothing can be rendered yet, as a locale key. */
function inputProblem(settings: IconSettings, hasImage: boolean): ProblemKey | null {
  if (settings.source === 'image') return hasImage ? null : 'errors.needImage';
  const problem = textProblem(settings);
  if (!problem) return null;
  if (settings.source === 'emoji') return problem === 'empty' ? 'errors.emojiEmpty' : 'errors.emojiTooLong';
  return problem === 'empty' ? 'errors.empty' : 'errors.tooLong';
}

/** /icon/marker: a complete favicon set from an image, text or emoji, with live previews. */
export default function IconMarkerPage() {
  const { t } = useTranslation('icon-marker');
  const { settings, image, reset } = useIconMarkerStore();
  const { state, previews, zip } = useIconRender(settings, image);
  const problem = inputProblem(settings, image !== null);

  const errorText = (failed: Extract<RenderState, { status: 'error' }>) => {
    if (failed.error === 'decode') return t('errors.decode');
    if (failed.error === 'unsupported') return t('errors.unsupported');
    if (failed.error === 'psd') return t('errors.psd');
    if (failed.error === 'tooLarge') return t('errors.tooLarge', { max: MAX_IMAGE_SIDE });
    if (failed.error === 'componentUnavailable') return t('componentUnavailable', { ns: 'components' });
    return t('errors.render', { message: failed.message ?? '' });
  };

  return (
    <div className="im-page">
      <div className="im-column">
        <Panel>
          <SourcePanel />
        </Panel>
        {state.status === 'error' ? <Alert type="error" showIcon message={errorText(state)} data-testid="icon-error" /> : null}
        {problem && state.status !== 'error' ? <Alert type="info" showIcon message={t(problem)} data-testid="icon-problem" /> : null}
        <Panel>
          <StylePanel />
          <Button size="small" type="link" onClick={reset} className="im-reset">
            {t('reset')}
          </Button>
        </Panel>
      </div>
      <div className="im-column" data-testid="icon-status" data-status={state.status}>
        <Panel>
          <PreviewPanel
            settings={settings}
            previews={state.status === 'idle' || state.status === 'error' ? {} : previews}
            busy={state.status === 'loading'}
          />
        </Panel>
        {state.status === 'done' && !problem ? (
          <Panel>
            <OutputPanel settings={settings} files={state.files} zip={zip} />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
