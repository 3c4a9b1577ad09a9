import { useState } from 'react';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Input } from '@/components/Input';
import { Panel } from '@/components/Panel';
import { Progress } from '@/components/Progress';
import { Segmented } from '@/components/Segmented';
import { Space } from '@/components/Space';
import { Switch } from '@/components/Switch';
import { Tag } from '@/components/Tag';
import { Paragraph, Title } from '@/components/Text';
import { useDevTexts } from './dev-texts';

/** /test (spec §2's untitled test route): the shared components side by side, for checking a theme or a phone. */
export default function ComponentGalleryPage() {
  const texts = useDevTexts();
  const [on, setOn] = useState(true);
  const [option, setOption] = useState<'a' | 'b'>('a');
  return (
    <div data-testid="component-gallery">
      <Title level={2}>{texts.galleryTitle}</Title>
      <Paragraph type="secondary">{texts.galleryHint}</Paragraph>
      <Space direction="vertical" size="middle">
        <Panel title={texts.buttons}>
          <Space wrap>
            <Button type="primary">{texts.primary}</Button>
            <Button>{texts.normal}</Button>
            <Button type="dashed">{texts.dashed}</Button>
            <Button danger>{texts.danger}</Button>
            <Button loading>{texts.loading}</Button>
          </Space>
        </Panel>
        <Panel title={texts.alerts}>
          <Space direction="vertical">
            {(['success', 'info', 'warning', 'error'] as const).map((type) => (
              <Alert key={type} type={type} showIcon message={texts.alertText[type]} />
            ))}
          </Space>
        </Panel>
        <Panel title={texts.tags}>
          <Space wrap>
            {(['default', 'success', 'processing', 'warning', 'error'] as const).map((color) => (
              <Tag key={color} color={color}>
                {color}
              </Tag>
            ))}
          </Space>
        </Panel>
        <Panel title={texts.controls}>
          <Space direction="vertical">
            <Input placeholder={texts.inputPlaceholder} allowClear />
            <Segmented
              value={option}
              onChange={setOption}
              options={[
                { value: 'a', label: texts.optionA },
                { value: 'b', label: texts.optionB },
              ]}
            />
            <Switch checked={on} onChange={setOn} aria-label={texts.controls} />
          </Space>
        </Panel>
        <Panel title={texts.progress}>
          <Progress percent={40} />
          <Progress percent={100} status="success" />
          <Progress percent={70} status="exception" />
        </Panel>
      </Space>
    </div>
  );
}
