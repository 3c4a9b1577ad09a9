import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '@/app/language';
import { LinkButton } from '@/components/LinkButton';
import { Paragraph, Title } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';

/**
 * The feedback tab. The spec posts feedback to the community module, which does not exist yet
 * (docs/pic-hub.md); until it does the tab points at the suggestions page.
 */
export function FeedbackTab() {
  const { t } = useTranslation('pic-hub');
  const localize = useLocalize();
  return (
    <div className="pic-hub__feedback" data-testid="pic-hub-feedback">
      <Title level={3}>{t('help.feedback.title')}</Title>
      <Paragraph>{t('help.feedback.body')}</Paragraph>
      <LinkButton type="primary" icon={<Icon icon={MessageOutlined} />} to={localize('/user/suggest')}>
        {t('help.feedback.link')}
      </LinkButton>
    </div>
  );
}
