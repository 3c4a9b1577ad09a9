import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import type { DeviceView } from './devices';

interface Props {
  devices: DeviceView[];
  selected: string | undefined;
  onSelect: (key: string) => void;
}

/** The other devices with their link and its route; one is chosen as the target. */
export function DeviceList({ devices, selected, onSelect }: Props) {
  const { t } = useTranslation('p2p-transfer');
  const shown = devices.filter((device) => device.card);
  if (shown.length === 0) return <Text type="secondary">{t('devicesEmpty')}</Text>;
  return (
    <ul className="p2p-devices" data-testid="p2p-devices">
      {shown.map((device) => {
        const card = device.card!;
        const isSelected = device.key === selected;
        return (
          <li key={device.key} className={isSelected ? 'p2p-device p2p-device--selected' : 'p2p-device'} data-testid="p2p-device">
            <div className="p2p-device__main">
              <Text strong data-testid="p2p-device-name">
                {card.name}
              </Text>
              <Text type="secondary" className="p2p-device__agent">
                {[card.os, card.browser].filter(Boolean).join(' · ')}
              </Text>
              <div className="p2p-device__tags">
                <Tag>{device.via === 'net' ? t('via.net') : t('via.pair', { code: device.code })}</Tag>
                <Tag
                  color={device.link === 'connected' ? 'success' : device.link === 'failed' ? 'error' : 'processing'}
                  data-testid="p2p-device-link"
                >
                  {t(`link.${device.link}`)}
                </Tag>
                {device.route ? (
                  <Tag
                    color={device.route === 'direct' ? 'green' : 'gold'}
                    title={t(`routeHint.${device.route}`)}
                    data-testid="p2p-device-route"
                  >
                    {t(`route.${device.route}`)}
                  </Tag>
                ) : null}
              </div>
            </div>
            <Button
              type={isSelected ? 'primary' : 'default'}
              size="small"
              aria-pressed={isSelected}
              onClick={() => onSelect(device.key)}
              data-testid="p2p-device-select"
            >
              {isSelected ? t('selected') : t('select')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
