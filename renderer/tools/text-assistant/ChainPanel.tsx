import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STEPS, STEP_GROUPS } from './chain-schema';
import type { StepType } from './chain-schema';
import { PlainChainButtons } from './chain-buttons';
import type { ChainMenu } from './chain-buttons';
import type { StepListProps } from './StepList';
import { useTextAssistantStore } from './text-assistant.store';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { Paragraph, Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';

/** The steps with their options and the sortable library: loaded once the chain has a step, or when idle. */
const StepList = lazyWithAntd<StepListProps>(() => import('./StepList').then((module) => ({ default: module.StepList })));

/** The save popover, saved-chains menu and clear confirm (antd): loaded with the first press of their buttons. */
const ChainMenus = lazyWithAntd(() => import('./ChainMenus'));

type ChainPanelProps = StepListProps;

/** The operations chain: add, configure, toggle, reorder (drag or buttons), remove; save and load named chains. */
export function ChainPanel({ reports, failedStep }: ChainPanelProps) {
  const { t } = useTranslation('text-assistant');
  const { steps, add } = useTextAssistantStore();
  usePreloadWhenIdle(StepList.preload);
  usePreloadWhenIdle(ChainMenus.preload);
  // The pop-up pressed first; until then the buttons are plain and their pop-ups not loaded.
  const [opened, setOpened] = useState<ChainMenu>();
  const full = steps.length >= MAX_STEPS;

  return (
    <section className="ta-chain" aria-label={t('chain.title')}>
      <div className="ta-head">
        <Text strong>{t('chain.title')}</Text>
        {opened ? (
          <Suspense fallback={<PlainChainButtons onOpen={setOpened} />}>
            <ChainMenus opened={opened} />
          </Suspense>
        ) : (
          <PlainChainButtons onOpen={setOpened} />
        )}
      </div>
      {steps.length === 0 ? (
        <Paragraph type="secondary" className="ta-chain__empty" data-testid="chain-empty">
          {t('chain.empty')}
        </Paragraph>
      ) : (
        // Until the list's code is there (it is fetched when the browser is idle), nothing stands in
        // for it: a first visit's chain is empty, so only a remembered chain waits for it.
        <Suspense fallback={null}>
          <StepList reports={reports} failedStep={failedStep} />
        </Suspense>
      )}
      <div className="ta-palette" aria-label={t('chain.add')} data-testid="add-step">
        <Text type="secondary" className="ta-hint">
          {full ? t('chain.limit', { count: MAX_STEPS }) : t('chain.add')}
        </Text>
        {(Object.entries(STEP_GROUPS) as [keyof typeof STEP_GROUPS, readonly StepType[]][]).map(([group, types]) => (
          <div key={group} className="ta-palette__group">
            <span className="ta-palette__label">{t(`chain.groups.${group}`)}</span>
            {types.map((type) => (
              <Button
                key={type}
                size="small"
                icon={<Icon icon={PlusOutlined} />}
                disabled={full}
                onClick={() => add(type)}
                data-testid={`add-${type}`}
              >
                {t(`steps.${type}.title`)}
              </Button>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
