import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ImageEngineTag } from './ImageEngineTag';
import { PresetBar } from './PresetBar';
import type { PresetBarProps } from './PresetBar';

export interface ImageSettingsCardProps<S> extends PresetBarProps<S> {
  title: ReactNode;
  /** The tool's settings form, under the preset bar. */
  children: ReactNode;
}

/** The image tools' settings panel: title, which engine runs the batch, named presets, then the form. */
export function ImageSettingsCard<S>({ title, children, ...presets }: ImageSettingsCardProps<S>) {
  return (
    <Card size="small" title={title} extra={<ImageEngineTag />}>
      <PresetBar {...presets} />
      {children}
    </Card>
  );
}
