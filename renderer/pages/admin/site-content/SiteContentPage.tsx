import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tabs, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import {
  EMPTY_WELFARE,
  ENTERPRISE_CONFIG_CODE,
  ENTERPRISE_FIELDS,
  enterpriseInfoSchema,
  hasEnterpriseInfo,
  WELFARE_CONFIG_CODE,
  WELFARE_ITEMS_PER_TAB_MAX,
  WELFARE_TAB_IDS,
  welfareConfigSchema,
  welfareTabsWithItems,
} from '@shared/contracts/site-content';
import type { EnterpriseInfo, SiteContentCode, WelfareConfig } from '@shared/contracts/site-content';
import { addTexts } from '@/app/page-texts';
import { http } from '@/app/http';
import { useLanguage } from '@/app/language';
import { toast } from '@/lib/notify';
import { EnterpriseDetails, WelfareTabs } from '@/welfare/FurniturePanels';
import { siteContentFrom } from '@/welfare/site-content';
import { cn, en } from './locales';
import '../admin.css';

addTexts('backOffice', { cn: { siteContent: cn }, en: { siteContent: en } });

const CONFIGS_API = '/api/system/configs';
const readConfig = (code: SiteContentCode) => http.get<{ code: string; value: unknown }>(`${CONFIGS_API}/code/${code}`);
const saveConfig = (code: SiteContentCode, value: unknown) =>
  http.put<{ code: string; value: unknown }>(`${CONFIGS_API}/code/${code}`, { value });

/** The form's values as the visitors' widget would read them (what the preview shows). */
const asContent = (code: SiteContentCode, value: unknown) => siteContentFrom({ data: [{ code, value }] });

/**
 * Runs the server's schema before sending, so a mistake is shown under its field at once; the
 * server checks again and its refusal (translated by the API client) covers the rest.
 */
function useSave<T>(form: FormInstance<T>, code: SiteContentCode, schema: ZodType<unknown, unknown>) {
  const { t } = useTranslation('backOffice');
  const language = useLanguage();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const checked = schema.safeParse(form.getFieldsValue(true));
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => ({
        name: issue.path as (string | number)[],
        errors: [serverMessageText({ key: issue.message as ServerMessageKey }, language)],
      }));
      form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveConfig(code, checked.data);
      form.setFieldsValue(saved.value as T);
      toast.success(t('siteContent.saved'));
    } catch {
      // The API client showed the reason.
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

function WelfareForm({ initial }: { initial: WelfareConfig }) {
  const { t } = useTranslation('backOffice');
  const { t: common } = useTranslation();
  const [form] = Form.useForm<WelfareConfig>();
  const values = Form.useWatch([], { form, preserve: true }) as WelfareConfig | undefined;
  const { saving, save } = useSave(form, WELFARE_CONFIG_CODE, welfareConfigSchema);
  const preview = asContent(WELFARE_CONFIG_CODE, values ?? initial).welfare;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <Typography.Paragraph type="secondary">{t('siteContent.welfareHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} data-testid="welfare-form">
          <Tabs
            items={WELFARE_TAB_IDS.map((tab) => ({
              key: tab,
              label: common(`welfare.tabs.${tab}`),
              forceRender: true,
              children: (
                <Form.List name={tab}>
                  {(fields, { add, remove }) => (
                    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                      {fields.map((field, index) => (
                        <Card
                          key={field.key}
                          size="small"
                          title={t('siteContent.item', { n: index + 1 })}
                          extra={
                            <Button
                              type="text"
                              danger
                              icon={<DeleteOutlined />}
                              onClick={() => remove(field.name)}
                              aria-label={t('siteContent.removeItem')}
                            />
                          }
                        >
                          <Form.Item name={[field.name, 'title']} label={t('siteContent.itemTitle')} required>
                            <Input data-testid={`welfare-${tab}-${index}-title`} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'payload']} label={t('siteContent.payload')} required>
                            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid={`welfare-${tab}-${index}-payload`} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'image']} label={t('siteContent.image')}>
                            <Input placeholder="https://" data-testid={`welfare-${tab}-${index}-image`} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'note']} label={t('siteContent.note')} style={{ marginBottom: 0 }}>
                            <Input data-testid={`welfare-${tab}-${index}-note`} />
                          </Form.Item>
                        </Card>
                      ))}
                      <Button
                        icon={<PlusOutlined />}
                        disabled={fields.length >= WELFARE_ITEMS_PER_TAB_MAX}
                        onClick={() => add({ title: '', payload: '' })}
                        data-testid={`welfare-${tab}-add`}
                      >
                        {t('siteContent.addItem')}
                      </Button>
                    </Space>
                  )}
                </Form.List>
              ),
            }))}
          />
          <Button type="primary" htmlType="submit" loading={saving} style={{ marginTop: 16 }} data-testid="welfare-save">
            {t('siteContent.save')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('siteContent.preview')} data-testid="welfare-preview">
          {welfareTabsWithItems(preview).length > 0 ? (
            <WelfareTabs welfare={preview} />
          ) : (
            <Empty description={t('siteContent.emptyPreview')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}

function EnterpriseForm({ initial }: { initial: EnterpriseInfo }) {
  const { t } = useTranslation('backOffice');
  const { t: common } = useTranslation();
  const [form] = Form.useForm<EnterpriseInfo>();
  const values = Form.useWatch([], { form, preserve: true }) as EnterpriseInfo | undefined;
  const { saving, save } = useSave(form, ENTERPRISE_CONFIG_CODE, enterpriseInfoSchema);
  const preview = asContent(ENTERPRISE_CONFIG_CODE, values ?? initial).enterprise;
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <Typography.Paragraph type="secondary">{t('siteContent.enterpriseHint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} data-testid="enterprise-form">
          {ENTERPRISE_FIELDS.map((field) => (
            <Form.Item key={field} name={field} label={common(`welfare.enterprise.${field}`)}>
              {field === 'about' ? (
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid={`enterprise-${field}`} />
              ) : (
                <Input data-testid={`enterprise-${field}`} />
              )}
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={saving} data-testid="enterprise-save">
            {t('siteContent.save')}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('siteContent.preview')} data-testid="enterprise-preview">
          {hasEnterpriseInfo(preview) ? <EnterpriseDetails info={preview} /> : <Empty description={t('siteContent.emptyPreview')} />}
        </Card>
      </Col>
    </Row>
  );
}

/** Back office → Site content (issue 19): the welfare tabs and the enterprise info, each with a live preview. */
export default function SiteContentPage() {
  const { t } = useTranslation('backOffice');
  const [loaded, setLoaded] = useState<{ welfare: WelfareConfig; enterprise: EnterpriseInfo }>();
  useEffect(() => {
    let live = true;
    Promise.all([readConfig(WELFARE_CONFIG_CODE), readConfig(ENTERPRISE_CONFIG_CODE)]).then(
      ([welfare, enterprise]) => {
        if (!live) return;
        const parsedWelfare = welfareConfigSchema.safeParse(welfare.value);
        const parsedEnterprise = enterpriseInfoSchema.safeParse(enterprise.value);
        setLoaded({
          welfare: parsedWelfare.success ? parsedWelfare.data : EMPTY_WELFARE,
          enterprise: parsedEnterprise.success ? parsedEnterprise.data : {},
        });
      },
      // The API client showed the reason.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="admin-page" data-testid="admin-site-content">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('siteContent.explain')}
      </Typography.Paragraph>
      {loaded ? (
        <>
          <Card title={t('siteContent.welfare')} className="admin-page">
            <WelfareForm initial={loaded.welfare} />
          </Card>
          <Card title={t('siteContent.enterprise')} className="admin-page">
            <EnterpriseForm initial={loaded.enterprise} />
          </Card>
        </>
      ) : (
        <Spin />
      )}
    </Space>
  );
}
