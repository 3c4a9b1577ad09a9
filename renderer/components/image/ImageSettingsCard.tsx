import type { ReactNode } from 'react';
import { Panel } from '../Panel';
import { ImageEngineTag } from './ImageEngineTag';
import { PresetBar } from './PresetBar';
import type { PresetBarProps } from './PresetBar';
import './image.css';

export interface ImageSettingsCardProps<S> extends PresetBarProps<S> {
  title: ReactNode;
  /** The tool's settings form, under the preset bar. */
  children: ReactNode;
}

/**
 * The image tools' settings panel: title, which engine runs the batch, named presets, then the form.
 * The engine tag sits in the body, not the header: as the header's `extra` it squeezed the title
 * down to "S…" in English on a phone.
 */
export function ImageSettingsCard<S>({ title, children, ...presets }: ImageSettingsCardProps<S>) {
  return (
    <Panel title={title}>
      <div className="bb-image-settings__engine">
        <ImageEngineTag />
      </div>
      <PresetBar {...presets} />
      {children}
    </Panel>
  );
}
