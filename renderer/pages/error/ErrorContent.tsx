import { HomeOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AntdScope } from '@/app/AntdScope';
import { useErrorHead } from '@/app/head';
import { localizePath, useLanguage, useSyncLanguage } from '@/app/language';
import type { ErrorPageProps } from './ErrorPage';

export default function ErrorPageContent({ status, detail }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The root error boundary renders this page without the shell, which otherwise keeps the
  // language and the head in step with the address.
  useSyncLanguage();
  const heading = status === 404 ? t('error.notFoundTitle') : t('error.brokenTitle');
  useErrorHead(status, heading);
  const home = localizePath('/', useLanguage());
  // Back only where it stays in Baibao: an in-app history entry, or a page of ours that linked
  // here. A tab opened straight on an error URL has nothing to go back to, so back means home.
  const goBack = () => {
    if (Number(window.history.state?.idx) > 0) void navigate(-1);
    else if (document.referrer.startsWith(location.origin)) window.history.back();
    else void navigate(home);
  };

  return (
    <AntdScope>
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : '500'}
        title={
          <h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }} data-testid="error-status">
            {status}
          </h1>
        }
        subTitle={
          <Space direction="vertical" size={4}>
            <span data-testid="error-title">{heading}</span>
            {detail && <span data-testid="error-detail">{detail}</span>}
          </Space>
        }
        extra={
          <Space wrap>
            <Button icon={<RollbackOutlined />} onClick={goBack} data-testid="error-back">
              {t('error.back')}
            </Button>
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(home)} data-testid="error-home">
              {t('error.home')}
            </Button>
          </Space>
        }
      />
    </AntdScope>
  );
}
