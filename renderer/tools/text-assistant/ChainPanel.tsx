import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_STEPS, STEP_GROUPS } from './chain-schema';
import type { StepType } from './chain-schema';
import { PresetMenu } from './PresetMenu';
import type { StepListProps } from './StepList';
import { useTextAssistantStore } from './text-assistant.store';
import { Paragraph, Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';

/** The steps with their options and the sortable library: loaded once the chain has a step, or when idle. */
const StepList = lazyWithAntd<StepListProps>(() => import('./StepList').then((module) => ({ default: module.StepList })));

type ChainPanelProps = StepListProps;

/** The operations chain: add, configure, toggle, reorder (drag or buttons), remove; save and load named chains. */
export function ChainPanel({ reports, failedStep }: ChainPanelProps) {
  const { t } = useTranslation('text-assistant');
  const { steps, add, clear } = useTextAssistantStore();
  usePreloadWhenIdle(StepList.preload);
  const full = steps.length >= MAX_STEPS;

  return (
    <section className="ta-chain" aria-label={t('chain.title')}>
      <div className="ta-head">
        <Text strong>{t('chain.title')}</Text>
        <Space wrap size={4}>
          <PresetMenu />
          <Popconfirm
            title={t('chain.clearConfirm')}
            okText={t('chain.confirm')}
            cancelText={t('chain.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'chain-clear-confirm' } as ButtonProps}
            onConfirm={clear}
            disabled={steps.length === 0}
          >
            <Button size="small" icon={<ClearOutlined />} disabled={steps.length === 0} data-testid="chain-clear">
              {t('chain.clear')}
            </Button>
          </Popconfirm>
        </Space>
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
              <Button key={type} size="small" icon={<PlusOutlined />} disabled={full} onClick={() => add(type)} data-testid={`add-${type}`}>
                {t(`steps.${type}.title`)}
              </Button>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
