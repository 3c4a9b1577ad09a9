import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GithubHubConfig } from '@shared/contracts/pic-hub-base';
import { useLocalize } from '@/app/language';
import { Switch } from '@/components/Switch';
import { useImageSettings } from './image-settings';
import './images.css';

/**
 * The user's PicHub hub as this browser has it now, looked up again when the page comes back into
 * view (a hub added in /pic/hub in another tab counts at once). undefined while looking; null: none.
 */
function useConfiguredHub(): GithubHubConfig | null | undefined {
  const [hub, setHub] = useState<GithubHubConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const look = () =>
      void import('./pic-hub-pipeline')
        .then((pipeline) => pipeline.findConfiguredHub())
        .then(
          (found) => live && setHub(found ?? null),
          () => live && setHub(null),
        );
    look();
    const visible = () => document.visibilityState === 'visible' && look();
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('focus', look);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('focus', look);
    };
  }, []);
  return hub;
}

/** "Upload pasted pictures to PicHub": only with a hub configured; otherwise why not, and where to add one. */
export function ImageUploadSetting() {
  const { t } = useTranslation('md-editor');
  const localize = useLocalize();
  const hub = useConfiguredHub();
  const wanted = useImageSettings((state) => state.uploadToPicHub);
  const setWanted = useImageSettings((state) => state.setUploadToPicHub);
  const labelId = useId();
  const on = wanted && !!hub;
  return (
    <div className="md-images-setting" data-testid="md-image-setting">
      <Switch
        size="small"
        checked={on}
        disabled={!hub}
        onChange={setWanted}
        aria-label={t('images.uploadSetting')}
        data-testid="md-image-upload-switch"
      />
      <span className="md-images-setting__label" id={labelId}>
        {t('images.uploadSetting')}
      </span>
      <span className="md-images-setting__hint" data-testid="md-image-setting-hint">
        {hub === null ? (
          <>
            {t('images.noHub')}{' '}
            <Link to={localize('/pic/hub')} data-testid="md-image-configure-hub">
              {t('images.configureHub')}
            </Link>
          </>
        ) : hub ? (
          on ? (
            t('images.uploadOn', { hub: `${hub.owner}/${hub.repo}` })
          ) : (
            t('images.uploadOff')
          )
        ) : null}
      </span>
    </div>
  );
}
