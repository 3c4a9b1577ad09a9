import ClearOutlined from '@ant-design/icons-svg/es/asn/ClearOutlined';
import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import SaveOutlined from '@ant-design/icons-svg/es/asn/SaveOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import type { ButtonProps } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { Space } from '@/components/Space';
import { useTextAssistantStore } from './text-assistant.store';

/** What the chain's head opens: the save popover, the saved-chains menu or the clear confirm. */
export type ChainMenu = 'save' | 'open' | 'clear';

/*
 * The chain head's three buttons, the same in the first view (plain, their pop-ups not loaded) and
 * inside antd's Popover, Dropdown and Popconfirm (ChainMenus), which hand them their trigger props.
 */

export function SaveButton(props: ButtonProps) {
  const { t } = useTranslation('text-assistant');
  const empty = useTextAssistantStore((state) => state.steps.length === 0);
  return (
    <Button size="small" icon={<Icon icon={SaveOutlined} />} disabled={empty} data-testid="preset-save" {...props}>
      {t('presets.save')}
    </Button>
  );
}

export function OpenButton(props: ButtonProps) {
  const { t } = useTranslation('text-assistant');
  const count = useTextAssistantStore((state) => state.presets.length);
  return (
    <Button size="small" icon={<Icon icon={FolderOpenOutlined} />} data-testid="preset-open" {...props}>
      {t('presets.saved')}
      {count ? ` (${count})` : ''}
    </Button>
  );
}

export function ClearButton(props: ButtonProps) {
  const { t } = useTranslation('text-assistant');
  const empty = useTextAssistantStore((state) => state.steps.length === 0);
  return (
    <Button size="small" icon={<Icon icon={ClearOutlined} />} disabled={empty} data-testid="chain-clear" {...props}>
      {t('chain.clear')}
    </Button>
  );
}

/** The buttons before their pop-ups are loaded: a press loads them and opens the one pressed. */
export function PlainChainButtons({ onOpen }: { onOpen: (menu: ChainMenu) => void }) {
  return (
    <Space wrap size={4}>
      <Space wrap size={4}>
        <SaveButton onClick={() => onOpen('save')} />
        <OpenButton onClick={() => onOpen('open')} />
      </Space>
      <ClearButton onClick={() => onOpen('clear')} />
    </Space>
  );
}
