import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Table, Typography } from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@shared/contracts/api';
import {
  DONATION_CODES_MAX,
  DONATION_CONFIG_CODE,
  DONATION_MESSAGE_MAX_LENGTH,
  DONATION_NAME_MAX_LENGTH,
  DONATIONS_API,
  EMPTY_DONATION_CONFIG,
  donationInputSchema,
} from '@shared/contracts/donations';
import type { Donation, DonationConfig, DonationInput } from '@shared/contracts/donations';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { donationConfigSchema } from '@shared/contracts/site-content';
import type { UserRow } from '@shared/contracts/users';
import { addTexts } from '@/app/page-texts';
import { http } from '@/app/http';
import { useLanguage } from '@/app/language';
import { FormDrawer, FormDrawerActions } from '@/components/FormDrawer';
import { toast } from '@/lib/notify';
import { usePagedList } from '@/pages/user/paging';
import { usePageState } from '@/stores/page';
import { cn, en } from './locales';
import '../admin.css';

addTexts('backOffice', { cn: { donations: cn }, en: { donations: en } });

const CONFIG_PATH = `/api/system/configs/code/${DONATION_CONFIG_CODE}`;

/** yyyy-MM-ddTHH:mm in local time, what a datetime-local field holds. */
function localInput(epochMs: number): string {
  const date = new Date(epochMs);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}
const formatTime = (epochMs: number) => localInput(epochMs).replace('T', ' ');
const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Shows schema refusals under their fields in the page's language; true when the value passed. */
function showIssues<T>(
  form: FormInstance<T>,
  issues: readonly { path: PropertyKey[]; message: string }[],
  language: 'cn' | 'en',
  rename: Record<string, string> = {},
) {
  const fields = issues.map((issue) => ({
    name: issue.path.map((part) => (typeof part === 'string' ? (rename[part] ?? part) : part)) as (string | number)[],
    errors: [serverMessageText({ key: issue.message as ServerMessageKey }, language)],
  }));
  form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
}

function CodesForm({ initial }: { initial: DonationConfig }) {
  const { t } = useTranslation('backOffice');
  const language = useLanguage();
  const [form] = Form.useForm<DonationConfig>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const checked = donationConfigSchema.safeParse(form.getFieldsValue(true));
    if (!checked.success) return showIssues(form, checked.error.issues, language);
    setSaving(true);
    try {
      const saved = await http.put<{ value: DonationConfig }>(CONFIG_PATH, { value: checked.data });
      form.setFieldsValue(saved.value);
      toast.success(t('donations.saved'));
    } catch {
      // The API client showed the reason.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} data-testid="donation-codes-form">
      <Form.List name="codes">
        {(fields, { add, remove }) => (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={t('donations.code', { n: index + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('donations.removeCode')}
                  />
                }
              >
                <Form.Item name={[field.name, 'title']} label={t('donations.itemTitle')} required>
                  <Input data-testid={`donation-code-${index}-title`} />
                </Form.Item>
                <Form.Item name={[field.name, 'payload']} label={t('donations.payload')} required>
                  <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} data-testid={`donation-code-${index}-payload`} />
                </Form.Item>
                <Form.Item name={[field.name, 'image']} label={t('donations.image')}>
                  <Input placeholder="https://" />
                </Form.Item>
                <Form.Item name={[field.name, 'note']} label={t('donations.note')} style={{ marginBottom: 0 }}>
                  <Input />
                </Form.Item>
              </Card>
            ))}
            <Space wrap>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= DONATION_CODES_MAX}
                onClick={() => add({ title: '', payload: '' })}
                data-testid="donation-code-add"
              >
                {t('donations.addCode')}
              </Button>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="donation-codes-save">
                {t('donations.saveCodes')}
              </Button>
            </Space>
          </Space>
        )}
      </Form.List>
    </Form>
  );
}

interface DonationForm {
  userId?: number;
  name?: string;
  amount?: number;
  message?: string;
  donatedAt?: string;
}

/** Users by name or nickname, for linking a donation to an account. */
function UserPicker({ value, onChange, initialLabel }: { value?: number; onChange?: (value?: number) => void; initialLabel?: string }) {
  const { t } = useTranslation('backOffice');
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    value !== undefined ? [{ value, label: initialLabel ?? `#${value}` }] : [],
  );
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  const search = (keyword: string) => {
    const ask = ++latest.current;
    setSearching(true);
    http
      .get<Page<UserRow>>('/api/users/list/page', {
        params: { pageNum: 1, pageSize: 10, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) },
      })
      .then(
        (page) => {
          if (ask !== latest.current) return;
          setOptions(
            page.list.map((user) => ({
              value: user.userId,
              label: user.nickName && user.nickName !== user.userName ? `${user.userName}（${user.nickName}）` : user.userName,
            })),
          );
        },
        () => undefined,
      )
      .finally(() => ask === latest.current && setSearching(false));
  };
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: search }}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next)}
      onFocus={() => options.length <= 1 && search('')}
      placeholder={t('donations.form.userPlaceholder')}
      notFoundContent={searching ? <Spin size="small" /> : undefined}
      options={options}
      data-testid="donation-user"
    />
  );
}

function DonationFormBody({ donation, onDone, onCancel }: { donation?: Donation; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('backOffice');
  const language = useLanguage();
  const [form] = Form.useForm<DonationForm>();
  const [saving, setSaving] = useState(false);
  const [opened] = useState(() => Date.now());
  const initial: DonationForm = donation
    ? {
        ...(donation.userId !== undefined ? { userId: donation.userId } : {}),
        ...(donation.name !== undefined ? { name: donation.name } : {}),
        amount: donation.amountCents / 100,
        ...(donation.message !== undefined ? { message: donation.message } : {}),
        donatedAt: localInput(donation.donatedAt),
      }
    : { donatedAt: localInput(opened) };

  const save = async (values: DonationForm) => {
    const when = values.donatedAt ? new Date(values.donatedAt).getTime() : Number.NaN;
    const input = {
      userId: values.userId ?? null,
      name: values.name ?? '',
      amountCents: Math.round((values.amount ?? 0) * 100),
      message: values.message ?? '',
      donatedAt: Number.isFinite(when) ? when : -1,
    };
    const checked = donationInputSchema.safeParse(input);
    if (!checked.success) return showIssues(form, checked.error.issues, language, { amountCents: 'amount' });
    // The server refuses a time after its own clock too; said here under the field, before sending.
    if (checked.data.donatedAt > Date.now()) {
      form.setFields([{ name: 'donatedAt', errors: [serverMessageText({ key: 'donations.field.donatedAt' }, language)] }]);
      return;
    }
    setSaving(true);
    try {
      const body: DonationInput = checked.data;
      if (donation) await http.put<Donation>(`${DONATIONS_API}/${donation.id}`, body);
      else await http.post<Donation>(DONATIONS_API, body);
      toast.success(t(donation ? 'donations.updated' : 'donations.created'));
      onDone();
    } catch {
      // The API client showed the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)} data-testid="donation-form">
      <Form.Item name="userId" label={t('donations.form.user')} extra={t('donations.form.userHint')}>
        <UserPicker {...(donation?.userName ? { initialLabel: donation.userName } : {})} />
      </Form.Item>
      <Form.Item name="name" label={t('donations.form.name')} extra={t('donations.form.nameHint')}>
        <Input maxLength={DONATION_NAME_MAX_LENGTH} data-testid="donation-name" />
      </Form.Item>
      <Form.Item name="amount" label={t('donations.form.amount')} rules={[{ required: true, message: t('donations.form.amountRequired') }]}>
        <InputNumber min={0.01} step={1} precision={2} prefix="¥" style={{ width: '100%' }} data-testid="donation-amount" />
      </Form.Item>
      <Form.Item name="message" label={t('donations.form.message')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 5 }}
          maxLength={DONATION_MESSAGE_MAX_LENGTH}
          showCount
          data-testid="donation-message"
        />
      </Form.Item>
      <Form.Item
        name="donatedAt"
        label={t('donations.form.donatedAt')}
        rules={[{ required: true, message: t('donations.form.donatedAtRequired') }]}
      >
        <Input type="datetime-local" data-testid="donation-time" />
      </Form.Item>
      <FormDrawerActions
        cancelLabel={t('donations.form.cancel')}
        onCancel={onCancel}
        saveLabel={t('donations.form.save')}
        saving={saving}
        saveTestId="donation-save"
      />
    </Form>
  );
}

/** /admin/donations (issue 20): the owner's donation codes, and the donations behind the live ranking. */
export default function DonationsPage() {
  const { t } = useTranslation('backOffice');
  const isMobile = usePageState((state) => state.isMobileSize);
  const [config, setConfig] = useState<DonationConfig>();
  const [editing, setEditing] = useState<{ donation?: Donation }>();

  useEffect(() => {
    let live = true;
    http.get<{ value: unknown }>(CONFIG_PATH).then(
      (entry) => {
        const parsed = donationConfigSchema.safeParse(entry.value);
        if (live) setConfig(parsed.success ? parsed.data : EMPTY_DONATION_CONFIG);
      },
      () => live && setConfig(EMPTY_DONATION_CONFIG),
    );
    return () => {
      live = false;
    };
  }, []);

  const load = useCallback(
    (pageNum: number, pageSize: number) => http.get<Page<Donation>>(`${DONATIONS_API}/list/page`, { params: { pageNum, pageSize } }),
    [],
  );
  const list = usePagedList(load);
  const { reload } = list;

  const remove = useCallback(
    async (id: number) => {
      try {
        await http.delete(`${DONATIONS_API}/${id}`);
        toast.success(t('donations.removed'));
        reload();
      } catch {
        // The API client showed the reason.
      }
    },
    [reload, t],
  );

  const columns = useMemo<TableColumnsType<Donation>>(
    () => [
      { key: 'time', title: t('donations.columns.time'), render: (_value, row) => formatTime(row.donatedAt), width: 150 },
      {
        key: 'supporter',
        title: t('donations.columns.supporter'),
        render: (_value, row) =>
          row.userName ? (
            <span>
              {row.userName}
              {row.name ? <Typography.Text type="secondary">{` · ${row.name}`}</Typography.Text> : null}
            </span>
          ) : (
            (row.name ?? <Typography.Text type="secondary">{t('donations.anonymous')}</Typography.Text>)
          ),
      },
      { key: 'amount', title: t('donations.columns.amount'), align: 'right', render: (_value, row) => yuan(row.amountCents) },
      {
        key: 'message',
        title: t('donations.columns.message'),
        responsive: ['md'],
        render: (_value, row) => (
          <Typography.Text ellipsis={{ tooltip: row.message }} style={{ maxWidth: 240 }}>
            {row.message}
          </Typography.Text>
        ),
      },
      {
        key: 'actions',
        title: t('donations.columns.actions'),
        render: (_value, row) => (
          <Space size={0} wrap>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => setEditing({ donation: row })}
              data-testid={`donation-edit-${row.id}`}
            >
              {isMobile ? null : t('donations.edit')}
            </Button>
            <Popconfirm title={t('donations.confirmRemove')} onConfirm={() => remove(row.id)}>
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`donation-remove-${row.id}`}>
                {isMobile ? null : t('donations.remove')}
              </Button>
            </Popconfirm>
          </Space>
        ),
      },
    ],
    [isMobile, remove, t],
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="admin-page" data-testid="admin-donations">
      <Card
        title={t('donations.records')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="donation-add">
            {isMobile ? null : t('donations.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('donations.recordsHint')}</Typography.Paragraph>
        <Table<Donation>
          rowKey="id"
          columns={columns}
          size="middle"
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
          data-testid="donations-table"
        />
      </Card>
      <Card title={t('donations.codes')}>
        <Typography.Paragraph type="secondary">{t('donations.codesHint')}</Typography.Paragraph>
        {config ? <CodesForm initial={config} /> : <Spin />}
      </Card>
      <FormDrawer
        open={editing !== undefined}
        title={t(editing?.donation ? 'donations.form.editTitle' : 'donations.form.addTitle')}
        onClose={() => setEditing(undefined)}
        data-testid="donation-drawer"
      >
        <DonationFormBody
          {...(editing?.donation ? { donation: editing.donation } : {})}
          onCancel={() => setEditing(undefined)}
          onDone={() => {
            setEditing(undefined);
            reload();
          }}
        />
      </FormDrawer>
    </Space>
  );
}
