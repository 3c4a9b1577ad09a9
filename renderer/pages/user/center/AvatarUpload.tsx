import { CameraOutlined } from '@ant-design/icons';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@shared/contracts/users';
import { loadUserInfo } from '@/auth/actions';
import { usersApi } from '@/auth/api';
import { useSession } from '@/auth/session';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { fitAvatar } from './avatar-image';

const ACCEPT = AVATAR_MIME_TYPES.join(',');
const isAccepted = (type: string) => AVATAR_MIME_TYPES.some((accepted) => accepted === type);

/** The avatar, and a button that crops a picture to a square and uploads it (the server re-encodes it). */
export function AvatarUpload({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation('account');
  const { avatar, nickName, userName } = useSession();
  const [uploading, setUploading] = useState(false);
  const maxSize = formatFileSize(AVATAR_MAX_BYTES);

  // Before cropping: only pictures the server takes and the browser can draw (a text file named
  // .png would open an empty crop dialog). ImgCrop needs a plain `false` to skip its dialog.
  const checkType = async (file: File) => {
    if (!isAccepted(file.type)) {
      toast.error(t('profile.avatarWrongType'));
      return false;
    }
    const readable = await createImageBitmap(file).then(
      (bitmap) => (bitmap.close(), true),
      () => false,
    );
    if (!readable) toast.error(t('profile.avatarUnreadable'));
    return readable;
  };

  // After cropping: scaled down to an upload-sized square, then held to the server's limit.
  const prepare = async (file: File) => {
    const fitted = await fitAvatar(file).catch(() => file);
    if (fitted.size <= AVATAR_MAX_BYTES) return fitted;
    toast.error(t('profile.avatarTooLarge', { size: maxSize }));
    return Upload.LIST_IGNORE;
  };

  const upload: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof Blob)) return;
    setUploading(true);
    usersApi
      .uploadAvatar(file)
      .then(() => loadUserInfo(true))
      .then(() => {
        toast.success(t('profile.avatarSaved'));
        onSuccess?.(null);
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))))
      .finally(() => setUploading(false));
  };

  const name = nickName || userName;
  return (
    <Space size={16} align="center" wrap>
      <Avatar size={88} src={avatar || undefined} alt={t('profile.avatar')} data-testid="profile-avatar">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Space orientation="vertical" size={4}>
        <ImgCrop
          aspect={1}
          quality={0.92}
          rotationSlider
          showReset
          resetText={t('profile.cropReset')}
          modalTitle={t('profile.cropTitle')}
          beforeCrop={checkType}
        >
          <Upload accept={ACCEPT} showUploadList={false} beforeUpload={prepare} customRequest={upload} data-testid="avatar-upload">
            <Button icon={<CameraOutlined />} loading={uploading} disabled={readOnly} data-testid="avatar-button">
              {t('profile.changeAvatar')}
            </Button>
          </Upload>
        </ImgCrop>
        <Typography.Text type="secondary" className="account-hint">
          {t('profile.avatarHint', { size: maxSize })}
        </Typography.Text>
      </Space>
    </Space>
  );
}
