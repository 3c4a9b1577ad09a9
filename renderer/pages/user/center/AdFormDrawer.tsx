import { Alert, Form, Input, Select } from 'antd';
import type { FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_IMAGE_MAX_BYTES, AD_RIBBON_TEXT_MAX_LENGTH, AD_TEXT_MAX_LENGTH, AD_TYPES, RIBBON_PLACEMENTS } from '@shared/contracts/ads-base';
import type { CustomerAd } from '@shared/contracts/ads-base';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { ColorField } from '@/components/ColorField';
import { FormDrawer, FormDrawerActions } from '@/components/FormDrawer';
import { customerAdsApi } from '@/http/customer-ads';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import {
  adFormFieldOf,
  adFormOf,
  adInputOf,
  contentProblem,
  emptyAdForm,
  expiryBounds,
  expiryProblem,
  imageFileProblem,
  linkProblem,
  qrProblem,
  ribbonProblem,
  settingsProblem,
  textProblem,
} from '../../ads/ad-form';
import type { AdFormField, AdFormValues, AdImageValue } from '../../ads/ad-form';
import { AdImageInput, useFilePreview } from '../../ads/AdImageInput';
import { AdPreview } from '../../ads/AdPreview';
import { showServerError } from '../server-message';

type AdFormShape = AdFormValues & { image?: AdImageValue };

const FIELDS: readonly AdFormField[] = [
  'type',
  'image',
  'text',
  'link',
  'color',
  'background',
  'ribbonText',
  'ribbonPlacement',
  'qr',
  'expiry',
];
const IMAGE_FORMATS = 'JPEG、PNG、GIF、WebP、AVIF';

/** Whether the browser can draw the picture: a text file named .png passes the type check, not this. */
const decodes = (file: File) =>
  createImageBitmap(file).then(
    (bitmap) => (bitmap.close(), true),
    () => false,
  );

export interface AdFormDrawerProps {
  open: boolean;
  /** The ad to edit; none to publish a new one. */
  ad?: CustomerAd;
  onClose: () => void;
  onSaved: () => void;
}

/** Publish or edit an ad in the spec's form drawer; the ad goes (back) to review either way. */
export function AdFormDrawer({ open, ad, onClose, onSaved }: AdFormDrawerProps) {
  const { t } = useTranslation('account');
  return (
    <FormDrawer open={open} title={t(ad ? 'ads.edit' : 'ads.publish')} onClose={onClose} data-testid="ad-form-drawer">
      <AdForm ad={ad} onCancel={onClose} onSaved={onSaved} />
    </FormDrawer>
  );
}

function AdForm({ ad, onCancel, onSaved }: { ad?: CustomerAd; onCancel: () => void; onSaved: () => void }) {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation('common');
  const [form] = Form.useForm<AdFormShape>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [now] = useState(() => new Date());
  const initial = useMemo<AdFormShape>(() => {
    if (!ad) return emptyAdForm(now);
    const { values, image } = adFormOf(ad);
    return { ...values, image };
  }, [ad, now]);

  const watched = Form.useWatch([], form) as AdFormShape | undefined;
  const current = { ...initial, ...watched };
  const pickedUrl = useFilePreview(current.image?.file);

  const describe = (key: ServerMessageKey) => common(`http.server.${key}`);
  const rule = (problem: (value: string) => ServerMessageKey | undefined): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      const key = problem(value ?? '');
      if (key) throw new Error(describe(key));
    },
  });
  const imageRule: FormRule = {
    validator: async (_rule, value: AdImageValue | undefined) => {
      if (!value?.file) return;
      const key = imageFileProblem(value.file) ?? ((await decodes(value.file)) ? undefined : 'ads.imageUnreadable');
      if (key) throw new Error(describe(key));
    },
  };
  const contentRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const key = contentProblem(value ?? '', getFieldValue('image') as AdImageValue | undefined);
      if (key) throw new Error(describe(key));
    },
  });

  const save = async (values: AdFormShape) => {
    setFailure(undefined);
    const image = values.image ?? {};
    const input = adInputOf(values, image.file ? undefined : image.url);
    const tooBig = settingsProblem(input.settings);
    if (tooBig) {
      setFailure(describe(tooBig));
      return;
    }
    setSaving(true);
    try {
      if (ad) await customerAdsApi.edit({ ...input, id: ad.id }, image.file);
      else await customerAdsApi.publish(input, image.file);
      toast.success(t(ad ? 'ads.saved' : 'ads.published'));
      onSaved();
    } catch (error) {
      // The picked picture and everything typed stay: the visitor fixes the field and sends again.
      setFailure(showServerError(form, FIELDS, error, adFormFieldOf));
    } finally {
      setSaving(false);
    }
  };

  const bounds = expiryBounds(now);
  const previewSettings = adInputOf(current, current.image?.file ? undefined : current.image?.url).settings;

  return (
    <Form<AdFormShape>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(values) => void save(values)}
      data-testid="ad-form"
    >
      <Form.Item name="type" label={t('ads.fields.type')}>
        <Select
          options={AD_TYPES.map((type) => ({ value: type, label: t(`ads.types.${type}`) }))}
          data-testid="ad-type"
          aria-label={t('ads.fields.type')}
        />
      </Form.Item>
      <Form.Item name="image" label={t('ads.fields.image')} rules={[imageRule]}>
        <AdImageInput
          previewUrl={pickedUrl}
          hint={t('ads.hints.image', { types: IMAGE_FORMATS, size: formatFileSize(AD_IMAGE_MAX_BYTES) })}
        />
      </Form.Item>
      <Form.Item name="text" label={t('ads.fields.text')} dependencies={['image']} rules={[rule(textProblem), contentRule]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={AD_TEXT_MAX_LENGTH} data-testid="ad-text" />
      </Form.Item>
      <Form.Item name="link" label={t('ads.fields.link')} extra={t('ads.hints.link')} rules={[rule(linkProblem)]}>
        <Input inputMode="url" placeholder="https://" data-testid="ad-link" />
      </Form.Item>
      <div className="ad-form__colors">
        <Form.Item name="color" label={t('ads.fields.color')}>
          <ColorField value={current.color} onChange={(color) => form.setFieldValue('color', color)} label={t('ads.fields.color')} />
        </Form.Item>
        <Form.Item name="background" label={t('ads.fields.background')}>
          <ColorField
            value={current.background}
            onChange={(color) => form.setFieldValue('background', color)}
            label={t('ads.fields.background')}
          />
        </Form.Item>
      </div>
      <Form.Item label={t('ads.fields.ribbonText')} extra={t('ads.hints.ribbonText', { max: AD_RIBBON_TEXT_MAX_LENGTH })}>
        <div className="ad-form__ribbon">
          <Form.Item name="ribbonText" noStyle rules={[rule(ribbonProblem)]}>
            <Input maxLength={AD_RIBBON_TEXT_MAX_LENGTH} aria-label={t('ads.fields.ribbonText')} data-testid="ad-ribbon-text" />
          </Form.Item>
          <Form.Item name="ribbonPlacement" noStyle>
            <Select
              style={{ width: 120 }}
              aria-label={t('ads.fields.ribbonPlacement')}
              options={RIBBON_PLACEMENTS.map((placement) => ({ value: placement, label: t(`ads.placements.${placement}`) }))}
            />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="qr" label={t('ads.fields.qr')} extra={t('ads.hints.qr')} rules={[rule(qrProblem)]}>
        <Input data-testid="ad-qr" />
      </Form.Item>
      <Form.Item
        name="expiry"
        label={t('ads.fields.expiry')}
        extra={t('ads.hints.expiry')}
        rules={[rule((date) => expiryProblem(date, new Date()))]}
      >
        <Input type="date" min={bounds.min} max={bounds.max} data-testid="ad-expiry" />
      </Form.Item>
      <Form.Item label={t('ads.preview')}>
        <AdPreview type={current.type} settings={previewSettings} imageSrc={pickedUrl} />
      </Form.Item>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="ad-form-failure" /> : null}
      <FormDrawerActions
        cancelLabel={t('ads.cancel')}
        onCancel={onCancel}
        saveLabel={t('ads.submit')}
        saving={saving}
        saveTestId="ad-submit"
      />
    </Form>
  );
}
