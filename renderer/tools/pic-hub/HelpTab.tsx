import { useTranslation } from 'react-i18next';
import { Paragraph, Title } from '@/components/Text';
import { formatFileSize } from '@/lib/format';
import { HUB_FILES_PER_BATCH_MAX, PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';

/** Where GitHub makes a fine-grained token; the classic page is one click away from it. */
const GITHUB_TOKEN_PAGE = 'https://github.com/settings/personal-access-tokens/new';

/** The help tab: making a token, what each setting does, why the China mirror, privacy, limits. */
export function HelpTab() {
  const { t } = useTranslation('pic-hub');
  return (
    <div className="pic-hub__help" data-testid="pic-hub-help">
      <Paragraph>{t('help.intro')}</Paragraph>
      <section>
        <Title level={3}>{t('help.steps.title')}</Title>
        <ol>
          <li>{t('help.steps.one')}</li>
          <li>{t('help.steps.two')}</li>
          <li>{t('help.steps.three')}</li>
        </ol>
      </section>
      <section>
        <Title level={3}>{t('help.token.title')}</Title>
        <Paragraph>{t('help.token.fineGrained')}</Paragraph>
        <Paragraph>{t('help.token.classic')}</Paragraph>
        <Paragraph>{t('help.token.expiry')}</Paragraph>
        <a href={GITHUB_TOKEN_PAGE} target="_blank" rel="noopener noreferrer">
          {t('help.token.link')}
        </a>
      </section>
      <section>
        <Title level={3}>{t('help.settings.title')}</Title>
        <ul>
          <li>{t('help.settings.rename')}</li>
          <li>{t('help.settings.compression')}</li>
          <li>{t('help.settings.linkFormat')}</li>
          <li>{t('help.settings.cdn')}</li>
        </ul>
      </section>
      <section>
        <Title level={3}>{t('help.cdn.title')}</Title>
        <Paragraph>{t('help.cdn.body')}</Paragraph>
      </section>
      <section>
        <Title level={3}>{t('help.privacy.title')}</Title>
        <Paragraph>{t('help.privacy.body')}</Paragraph>
      </section>
      <section>
        <Title level={3}>{t('help.limits.title')}</Title>
        <ul>
          <li>{t('help.limits.size', { size: formatFileSize(PIC_HUB_FILE_MAX_BYTES), count: HUB_FILES_PER_BATCH_MAX })}</li>
          <li>{t('help.limits.github')}</li>
          <li>{t('help.limits.sysHub')}</li>
        </ul>
      </section>
    </div>
  );
}
