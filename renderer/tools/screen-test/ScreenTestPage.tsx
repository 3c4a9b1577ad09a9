import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { ScreenTestStage } from './ScreenTestStage';
import { TEST_IDS } from './screen-test.service';
import type { TestId } from './screen-test.service';
import './screen-test.css';

/** /screen/test: a list of tests, each shown full screen (or filling the window when refused). */
export default function ScreenTestPage() {
  const { t } = useTranslation('screen-test');
  const [active, setActive] = useState<{ test: TestId; refused: boolean } | null>(null);
  const enteredFullscreen = useRef(false);

  const start = (test: TestId) => {
    setActive({ test, refused: false });
    // Asked for inside the click: browsers grant full screen only during a user gesture. The whole
    // document goes full screen and the stage covers it, so the stage need not exist yet.
    const root = document.documentElement;
    if (!root.requestFullscreen) {
      setActive({ test, refused: true });
      return;
    }
    root.requestFullscreen().then(
      () => {
        enteredFullscreen.current = true;
      },
      () => setActive((current) => (current ? { ...current, refused: true } : current)),
    );
  };

  const leave = useCallback(() => {
    setActive(null);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  }, []);

  useEffect(() => {
    // Esc in full screen is taken by the browser (no keydown reaches the page): leaving full screen
    // by any means leaves the test.
    const onChange = () => {
      if (!document.fullscreenElement && enteredFullscreen.current) {
        enteredFullscreen.current = false;
        setActive(null);
      }
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(
    () => () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    },
    [],
  );

  return (
    <div className="screen-test" data-testid="screen-test-panel">
      <Text type="secondary">{t('intro')}</Text>
      <ul className="screen-test__list">
        {TEST_IDS.map((id) => (
          <li key={id}>
            <Panel title={t(`tests.${id}.title`)}>
              <div className="screen-test__item">
                <Text type="secondary">{t(`tests.${id}.hint`)}</Text>
                <Button
                  type="primary"
                  onClick={() => start(id)}
                  data-testid={`screen-test-start-${id}`}
                  aria-label={`${t('start')} ${t(`tests.${id}.title`)}`}
                >
                  {t('start')}
                </Button>
              </div>
            </Panel>
          </li>
        ))}
      </ul>
      {active ? <ScreenTestStage test={active.test} refused={active.refused} onLeave={leave} /> : null}
    </div>
  );
}
