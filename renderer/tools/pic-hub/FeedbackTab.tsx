import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '@/app/language';
import { LinkButton } from '@/components/LinkButton';
import { Paragraph, Title } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';

/** The feedback tab: the site's feedback form (docs/feedback.md), which then names PicHub as the page it came from. */
export function FeedbackTab() {
  const { t } = useTranslation('pic-hub');
  const localize = useLocalize();
  return (
    <div className="pic-hub__feedback" data-testid="pic-hub-feedback">
      <Title level={3}>{t('help.feedback.title')}</Title>
      <Paragraph>{t('help.feedback.body')}</Paragraph>
      <LinkButton
        type="primary"
        icon={<Icon icon={MessageOutlined} />}
        to={`${localize('/user/suggest')}?from=${encodeURIComponent(localize('/pic/hub'))}`}
      >
        {t('help.feedback.link')}
      </LinkButton>
    </div>
  );
}
