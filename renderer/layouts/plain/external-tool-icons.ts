import BgColorsOutlined from '@ant-design/icons-svg/es/asn/BgColorsOutlined';
import PlayCircleOutlined from '@ant-design/icons-svg/es/asn/PlayCircleOutlined';
import VideoCameraOutlined from '@ant-design/icons-svg/es/asn/VideoCameraOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { ExternalToolId } from '@shared/contracts/external-tools';

/** The menus' and home cards' icons of the external tools. */
export const EXTERNAL_TOOL_ICONS: Record<ExternalToolId, IconDefinition> = {
  player: PlayCircleOutlined,
  recorder: VideoCameraOutlined,
  colorPicker: BgColorsOutlined,
};
