import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { CopyButton } from '@/components/CopyButton';
import { Panel } from '@/components/Panel';
import { Spin } from '@/components/Spin';
import { collectReport } from './collect';
import { reportLabels } from './labels';
import { reportJson, reportText } from './system-info.service';
import type { SectionId, SystemReport } from './system-info.service';
import '@/components/components.css';
import './system-info.css';

/** /system/info: what the browser (and, on the desktop, main) tells about this device, in cards. */
export default function SystemInfoPage() {
  const { t } = useTranslation('system-info');
  const [report, setReport] = useState<SystemReport>();
  const [error, setError] = useState<string>();
  const labels = useMemo(() => reportLabels(t), [t]);

  useEffect(() => {
    let live = true;
    collectReport().then(
      (read) => live && setReport(read),
      (failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  if (error) return <Alert type="error" showIcon message={t('failed', { message: error })} data-testid="system-info-error" />;
  if (!report) return <Spin tip={t('loading')} />;
  return (
    <div className="sysinfo">
      <div className="sysinfo__bar">
        <span className="sysinfo__intro">{t('intro')}</span>
        <span className="sysinfo__actions">
          <CopyButton type="default" label={t('copyText')} text={() => reportText(report, labels)} data-testid="system-info-copy-text" />
          <CopyButton type="default" label={t('copyJson')} text={() => reportJson(report)} data-testid="system-info-copy-json" />
        </span>
      </div>
      <div className="sysinfo__grid">
        {(Object.keys(report) as SectionId[]).map((section) => (
          <Panel
            key={section}
            title={labels.section(section)}
            data-testid={`system-info-${section}`}
            className={`sysinfo__card sysinfo__card--${section}`}
          >
            <dl className="sysinfo__list">
              {Object.entries(report[section] ?? {}).map(([key, value]) => (
                <div key={key} className="sysinfo__row" data-field={key}>
                  <dt>{labels.field(section, key)}</dt>
                  <dd className={value === null || value === false ? 'sysinfo__missing' : undefined}>
                    {labels.value(section, key, value)}
                  </dd>
                </div>
              ))}
            </dl>
          </Panel>
        ))}
      </div>
    </div>
  );
}
