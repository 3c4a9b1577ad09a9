import { Alert, Button, Card, Collapse, Descriptions, Form, Input, Popconfirm, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PIC_HUB_PATH } from '@shared/contracts/pic-hub-base';
import type { HubRecord } from '@shared/contracts/pic-hub-base';
import type { SysHubSave } from '@shared/contracts/pic-hub';
import { createGithubClient } from '@shared/pic-hub/github';
import { http } from '@/app/http';
import { toast } from '@/lib/notify';
import { checkHubDraft, DEFAULT_BRANCH, hubLabel, tokenCheckProblem } from '@/components/github-hub/hub-form';
import type { HubDraft, HubDraftField } from '@/components/github-hub/hub-form';
import './admin.css';

/** The system hub as the server shows it: everything but the token. */
export interface SysHubView {
  owner: string;
  repo: string;
  branch: string;
  path: string;
  apiBaseUrl?: string;
}

const sysHubApi = {
  get: () => http.get<HubRecord | null>(`${PIC_HUB_PATH}/sys/default`),
  save: (body: SysHubSave) => http.put<unknown>(`${PIC_HUB_PATH}/sys/default`, body),
};

/** The config text of the server's record, read leniently: a field it lacks is shown empty. */
export function sysHubView(record: HubRecord | null | undefined): SysHubView | undefined {
  if (!record) return undefined;
  try {
    const config = JSON.parse(record.config) as Partial<Record<keyof SysHubView, unknown>>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const apiBaseUrl = text(config.apiBaseUrl);
    return {
      owner: text(config.owner),
      repo: text(config.repo),
      branch: text(config.branch),
      path: text(config.path),
      ...(apiBaseUrl ? { apiBaseUrl } : {}),
    };
  } catch {
    return undefined;
  }
}

const emptyDraft = (current?: SysHubView): HubDraft => ({
  owner: current?.owner ?? '',
  repo: current?.repo ?? '',
  branch: current?.branch || DEFAULT_BRANCH,
  path: current?.path ?? '',
  token: '',
  apiBaseUrl: current?.apiBaseUrl ?? '',
});

/**
 * /admin/pic-hub: the site's system hub (issue 16, beyond the spec), which visitors without a
 * repository of their own may upload to. The admin names a GitHub repository and a token; the token
 * is checked against GitHub (push rights, branch) from this browser before the server keeps it,
 * and the server never sends it back — an empty token field keeps the stored one.
 */
export default function PicHubSysPage() {
  const { t } = useTranslation('backOffice');
  const { t: hubText } = useTranslation('components', { keyPrefix: 'githubHub' });
  const [current, setCurrent] = useState<SysHubView>();
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState<HubDraft>(emptyDraft());
  const [problems, setProblems] = useState<Partial<Record<HubDraftField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);

  const show = useCallback((record: HubRecord | null) => {
    const view = sysHubView(record);
    setCurrent(view);
    setDraft(emptyDraft(view));
  }, []);
  useEffect(() => {
    let live = true;
    sysHubApi
      .get()
      .then((record) => live && show(record))
      // The API client showed the reason; the form stays usable.
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [show]);
  const load = async () => show(await sysHubApi.get());

  const field = (name: HubDraftField) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft((old) => ({ ...old, [name]: event.target.value })),
  });
  const status = (name: HubDraftField) => (problems[name] ? ('error' as const) : undefined);

  const save = async () => {
    setFailure(undefined);
    const check = checkHubDraft(draft, { tokenRequired: !current });
    if (!check.ok) {
      setProblems(Object.fromEntries(Object.entries(check.problems).map(([name, problem]) => [name, hubText(`errors.${problem}`)])));
      return;
    }
    setProblems({});
    const value = check.value;
    setSaving(true);
    try {
      if (value.token) {
        // Checked here, as the user's own hubs are: the server stores what it is given.
        const client = createGithubClient({ ...value, fetch: (url, init) => fetch(url, init) });
        try {
          await client.checkRepo();
          await client.checkBranch();
        } catch (error) {
          setFailure(
            hubText(`check.${tokenCheckProblem(error)}`, { ...value, reason: error instanceof Error ? error.message : String(error) }),
          );
          return;
        }
      }
      await sysHubApi.save({ config: { ...value } });
      toast.success(t('picHub.saved', { name: hubLabel(value) }));
      await load();
    } catch {
      // The API client showed the reason.
    } finally {
      setSaving(false);
    }
  };

  const clear = async () => {
    setSaving(true);
    try {
      await sysHubApi.save({ config: null });
      toast.success(t('picHub.cleared'));
      await load();
    } catch {
      // The API client showed the reason.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('picHub.title')} className="admin-page admin-pic-hub" data-testid="admin-pic-hub">
      <Spin spinning={loading}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary">{t('picHub.explain')}</Typography.Paragraph>
          {current ? (
            <Descriptions
              column={1}
              size="small"
              bordered
              title={t('picHub.current')}
              data-testid="admin-pic-hub-current"
              style={{ maxWidth: 720 }}
              items={[
                { key: 'hub', label: t('picHub.hub'), children: hubLabel(current) },
                { key: 'api', label: hubText('fields.apiBaseUrl'), children: current.apiBaseUrl ?? 'https://api.github.com' },
                { key: 'token', label: hubText('fields.token'), children: t('picHub.tokenStored') },
              ]}
            />
          ) : loading ? null : (
            // Only once the stored hub is known: the form below is filled from it when it arrives.
            <Alert type="info" showIcon message={t('picHub.none')} data-testid="admin-pic-hub-none" />
          )}
          <Form layout="vertical" onFinish={() => void save()} className="admin-pic-hub__form" requiredMark style={{ maxWidth: 640 }}>
            <Form.Item label={hubText('fields.owner')} required validateStatus={status('owner')} help={problems.owner}>
              <Input {...field('owner')} autoComplete="off" spellCheck={false} data-testid="admin-pic-hub-owner" />
            </Form.Item>
            <Form.Item label={hubText('fields.repo')} required validateStatus={status('repo')} help={problems.repo}>
              <Input {...field('repo')} autoComplete="off" spellCheck={false} data-testid="admin-pic-hub-repo" />
            </Form.Item>
            <Form.Item label={hubText('fields.branch')} required validateStatus={status('branch')} help={problems.branch}>
              <Input {...field('branch')} autoComplete="off" spellCheck={false} data-testid="admin-pic-hub-branch" />
            </Form.Item>
            <Form.Item label={hubText('fields.path')} validateStatus={status('path')} help={problems.path} extra={t('picHub.pathHint')}>
              <Input {...field('path')} autoComplete="off" spellCheck={false} data-testid="admin-pic-hub-path" />
            </Form.Item>
            <Form.Item
              label={hubText('fields.token')}
              required={!current}
              validateStatus={status('token')}
              help={problems.token}
              extra={current ? t('picHub.tokenKeep') : t('picHub.tokenHint')}
            >
              <Input.Password {...field('token')} autoComplete="new-password" data-testid="admin-pic-hub-token" />
            </Form.Item>
            <Collapse
              ghost
              size="small"
              items={[
                {
                  key: 'advanced',
                  label: hubText('fields.advanced'),
                  forceRender: true,
                  children: (
                    <Form.Item label={hubText('fields.apiBaseUrl')} validateStatus={status('apiBaseUrl')} help={problems.apiBaseUrl}>
                      <Input
                        {...field('apiBaseUrl')}
                        placeholder="https://github.example.com/api/v3"
                        inputMode="url"
                        spellCheck={false}
                        data-testid="admin-pic-hub-api"
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
            {failure ? <Alert type="error" showIcon message={failure} data-testid="admin-pic-hub-failure" /> : null}
            <Space wrap style={{ marginTop: 16 }}>
              <Button type="primary" htmlType="submit" loading={saving} data-testid="admin-pic-hub-save">
                {hubText('save')}
              </Button>
              {current ? (
                <Popconfirm title={t('picHub.confirmClear')} onConfirm={() => clear()} okButtonProps={{ danger: true }}>
                  <Button danger disabled={saving} data-testid="admin-pic-hub-clear">
                    {t('picHub.clear')}
                  </Button>
                </Popconfirm>
              ) : null}
            </Space>
          </Form>
        </Space>
      </Spin>
    </Card>
  );
}
