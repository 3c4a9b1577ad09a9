import { ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Segmented, Select, Space, Tooltip } from 'antd';
import Input from 'antd/es/input/Input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { randomHexId } from '@/lib/ids';
import { CASE_MODES, CHINESE_MODES, EXTRACT_KINDS, SORT_METHODS } from './chain-schema';
import type { Step, StepOf } from './chain-schema';
import { regexError } from './text-assistant.service';
import { Text } from '@/components/Text';

export interface StepOptionsProps<S extends Step = Step> {
  step: S;
  onChange: (patch: Partial<Omit<S, 'id' | 'type'>>) => void;
}

function Flag({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid={testId}>
      {label}
    </Checkbox>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="ta-field">
      <span className="ta-field__label">{label}</span>
      {children}
    </label>
  );
}

const Hint = ({ children }: { children: ReactNode }) => (
  <Text type="secondary" className="ta-hint">
    {children}
  </Text>
);

function PatternInput({
  value,
  regex,
  label,
  placeholder,
  onChange,
  testId,
}: {
  value: string;
  regex: boolean;
  label: string;
  placeholder: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('text-assistant');
  // Checked here as well as in the worker: the user sees the problem under the field while typing.
  const error = regex && value !== '' ? regexError(value) : null;
  return (
    <Field label={label}>
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        status={error ? 'error' : undefined}
        maxLength={2000}
        data-testid={testId}
      />
      {error ? (
        <Text type="danger" className="ta-hint" role="alert" data-testid="regex-error">
          {t('errors.invalidRegexInline', { detail: error })}
        </Text>
      ) : null}
    </Field>
  );
}

function ChineseOptions({ step, onChange }: StepOptionsProps<StepOf<'chinese'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Select
        className="ta-select"
        value={step.mode}
        onChange={(mode) => onChange({ mode })}
        options={CHINESE_MODES.map((mode) => ({ value: mode, label: t(`steps.chinese.modes.${mode}`) }))}
        aria-label={t('steps.chinese.title')}
        data-testid="option-chinese-mode"
      />
      <Hint>{t('steps.chinese.loading')}</Hint>
    </>
  );
}

function CaseOptions({ step, onChange }: StepOptionsProps<StepOf<'case'>>) {
  const { t } = useTranslation('text-assistant');
  const identifier = ['camel', 'pascal', 'snake', 'kebab', 'constant'].includes(step.mode);
  return (
    <>
      <Select
        className="ta-select"
        value={step.mode}
        onChange={(mode) => onChange({ mode })}
        options={CASE_MODES.map((mode) => ({ value: mode, label: t(`steps.case.modes.${mode}`) }))}
        aria-label={t('steps.case.title')}
        data-testid="option-case-mode"
      />
      {identifier ? <Hint>{t('steps.case.identifierHint')}</Hint> : null}
    </>
  );
}

function WidthOptions({ step, onChange }: StepOptionsProps<StepOf<'width'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Segmented<StepOf<'width'>['direction']>
        size="small"
        value={step.direction}
        onChange={(direction) => onChange({ direction })}
        options={[
          { value: 'toHalf', label: t('steps.width.toHalf') },
          { value: 'toFull', label: t('steps.width.toFull') },
        ]}
        data-testid="option-width-direction"
      />
      <Space wrap size={[12, 4]}>
        <Flag checked={step.alnum} onChange={(alnum) => onChange({ alnum })} label={t('steps.width.alnum')} testId="option-width-alnum" />
        <Flag
          checked={step.punctuation}
          onChange={(punctuation) => onChange({ punctuation })}
          label={t('steps.width.punctuation')}
          testId="option-width-punctuation"
        />
        <Flag checked={step.space} onChange={(space) => onChange({ space })} label={t('steps.width.space')} testId="option-width-space" />
      </Space>
      {step.direction === 'toHalf' ? (
        <Flag
          checked={step.cjkPunctuation}
          onChange={(cjkPunctuation) => onChange({ cjkPunctuation })}
          label={t('steps.width.cjkPunctuation')}
          testId="option-width-cjk"
        />
      ) : null}
      <Hint>{t('steps.width.hint')}</Hint>
    </>
  );
}

function TrimOptions({ step, onChange }: StepOptionsProps<StepOf<'trim'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Segmented
        size="small"
        value={step.where}
        onChange={(where) => onChange({ where })}
        options={(['both', 'start', 'end'] as const).map((where) => ({ value: where, label: t(`steps.trim.${where}`) }))}
      />
      <Flag
        checked={step.collapseSpaces}
        onChange={(collapseSpaces) => onChange({ collapseSpaces })}
        label={t('steps.trim.collapseSpaces')}
        testId="option-trim-collapse"
      />
    </>
  );
}

function SortOptions({ step, onChange }: StepOptionsProps<StepOf<'sort'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Select
        className="ta-select"
        value={step.method}
        onChange={(method) => onChange({ method })}
        options={SORT_METHODS.map((method) => ({ value: method, label: t(`steps.sort.methods.${method}`) }))}
        aria-label={t('steps.sort.title')}
      />
      <Space wrap size={[12, 4]}>
        <Flag
          checked={step.descending}
          onChange={(descending) => onChange({ descending })}
          label={t('steps.sort.descending')}
          testId="option-sort-descending"
        />
        <Flag
          checked={step.ignoreCase}
          onChange={(ignoreCase) => onChange({ ignoreCase })}
          label={t('steps.sort.ignoreCase')}
          testId="option-sort-ignore-case"
        />
      </Space>
    </>
  );
}

function ShuffleOptions({ step, onChange }: StepOptionsProps<StepOf<'shuffle'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Field label={t('steps.shuffle.seed')}>
        <Space.Compact className="ta-seed">
          <Input
            value={step.seed}
            onChange={(event) => onChange({ seed: event.target.value })}
            maxLength={64}
            data-testid="option-shuffle-seed"
          />
          <Tooltip title={t('steps.shuffle.newSeed')}>
            <Button icon={<ReloadOutlined />} aria-label={t('steps.shuffle.newSeed')} onClick={() => onChange({ seed: randomHexId(4) })} />
          </Tooltip>
        </Space.Compact>
      </Field>
      <Hint>{t('steps.shuffle.hint')}</Hint>
    </>
  );
}

function ReplaceOptions({ step, onChange }: StepOptionsProps<StepOf<'replace'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <PatternInput
        value={step.find}
        regex={step.regex}
        label={t('steps.replace.find')}
        placeholder={t('steps.placeholder.find')}
        onChange={(find) => onChange({ find })}
        testId="option-replace-find"
      />
      <Field label={t('steps.replace.replace')}>
        <Input
          value={step.replace}
          onChange={(event) => onChange({ replace: event.target.value })}
          maxLength={2000}
          data-testid="option-replace-with"
        />
      </Field>
      <Space wrap size={[12, 4]}>
        <Flag
          checked={step.regex}
          onChange={(regex) => onChange({ regex })}
          label={t('steps.replace.regex')}
          testId="option-replace-regex"
        />
        <Flag
          checked={step.caseSensitive}
          onChange={(caseSensitive) => onChange({ caseSensitive })}
          label={t('steps.replace.caseSensitive')}
          testId="option-replace-case"
        />
      </Space>
      {step.regex ? <Hint>{t('steps.replace.regexHint')}</Hint> : null}
    </>
  );
}

function FilterOptions({ step, onChange }: StepOptionsProps<StepOf<'filter'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Segmented
        size="small"
        value={step.keep ? 'keep' : 'drop'}
        onChange={(value) => onChange({ keep: value === 'keep' })}
        options={[
          { value: 'keep', label: t('steps.filter.keep') },
          { value: 'drop', label: t('steps.filter.drop') },
        ]}
      />
      <PatternInput
        value={step.pattern}
        regex={step.regex}
        label={t('steps.filter.pattern')}
        placeholder={t('steps.placeholder.pattern')}
        onChange={(pattern) => onChange({ pattern })}
        testId="option-filter-pattern"
      />
      <Space wrap size={[12, 4]}>
        <Flag checked={step.regex} onChange={(regex) => onChange({ regex })} label={t('steps.filter.regex')} testId="option-filter-regex" />
        <Flag
          checked={step.caseSensitive}
          onChange={(caseSensitive) => onChange({ caseSensitive })}
          label={t('steps.filter.caseSensitive')}
          testId="option-filter-case"
        />
      </Space>
    </>
  );
}

function AffixOptions({ step, onChange }: StepOptionsProps<StepOf<'affix'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <div className="ta-pair">
        <Field label={t('steps.affix.prefix')}>
          <Input
            value={step.prefix}
            onChange={(event) => onChange({ prefix: event.target.value })}
            placeholder={t('steps.placeholder.prefix')}
            maxLength={2000}
            data-testid="option-affix-prefix"
          />
        </Field>
        <Field label={t('steps.affix.suffix')}>
          <Input
            value={step.suffix}
            onChange={(event) => onChange({ suffix: event.target.value })}
            placeholder={t('steps.placeholder.suffix')}
            maxLength={2000}
            data-testid="option-affix-suffix"
          />
        </Field>
      </div>
      <Flag
        checked={step.skipBlank}
        onChange={(skipBlank) => onChange({ skipBlank })}
        label={t('steps.affix.skipBlank')}
        testId="option-affix-skip-blank"
      />
    </>
  );
}

function ExtractOptions({ step, onChange }: StepOptionsProps<StepOf<'extract'>>) {
  const { t } = useTranslation('text-assistant');
  return (
    <>
      <Select
        className="ta-select"
        value={step.kind}
        onChange={(kind) => onChange({ kind })}
        options={EXTRACT_KINDS.map((kind) => ({ value: kind, label: t(`steps.extract.kinds.${kind}`) }))}
        aria-label={t('steps.extract.title')}
        data-testid="option-extract-kind"
      />
      <Flag
        checked={step.unique}
        onChange={(unique) => onChange({ unique })}
        label={t('steps.extract.unique')}
        testId="option-extract-unique"
      />
      <Hint>{t('steps.extract.hint')}</Hint>
    </>
  );
}

/** The option controls of one step; every control edits the stored step, so the chain reruns and is remembered. */
export function StepOptions({ step, onChange }: StepOptionsProps) {
  const { t } = useTranslation('text-assistant');
  // Each branch narrows `step`; the patch type follows it.
  const change = onChange as (patch: object) => void;
  switch (step.type) {
    case 'chinese':
      return <ChineseOptions step={step} onChange={change} />;
    case 'case':
      return <CaseOptions step={step} onChange={change} />;
    case 'width':
      return <WidthOptions step={step} onChange={change} />;
    case 'trim':
      return <TrimOptions step={step} onChange={change} />;
    case 'removeBlank':
      return (
        <Flag
          checked={step.keepSingle}
          onChange={(keepSingle) => change({ keepSingle })}
          label={t('steps.removeBlank.keepSingle')}
          testId="option-blank-keep-single"
        />
      );
    case 'dedupe':
      return (
        <Space wrap size={[12, 4]}>
          <Flag
            checked={step.ignoreCase}
            onChange={(ignoreCase) => change({ ignoreCase })}
            label={t('steps.dedupe.ignoreCase')}
            testId="option-dedupe-case"
          />
          <Flag
            checked={step.ignoreSpaces}
            onChange={(ignoreSpaces) => change({ ignoreSpaces })}
            label={t('steps.dedupe.ignoreSpaces')}
            testId="option-dedupe-spaces"
          />
        </Space>
      );
    case 'sort':
      return <SortOptions step={step} onChange={change} />;
    case 'reverse':
      return (
        <Segmented
          size="small"
          value={step.what}
          onChange={(what) => change({ what })}
          options={(['lines', 'characters'] as const).map((what) => ({ value: what, label: t(`steps.reverse.${what}`) }))}
        />
      );
    case 'shuffle':
      return <ShuffleOptions step={step} onChange={change} />;
    case 'replace':
      return <ReplaceOptions step={step} onChange={change} />;
    case 'filter':
      return <FilterOptions step={step} onChange={change} />;
    case 'affix':
      return <AffixOptions step={step} onChange={change} />;
    case 'extract':
      return <ExtractOptions step={step} onChange={change} />;
    case 'join':
      return (
        <>
          <Field label={t('steps.join.separator')}>
            <Input
              value={step.separator}
              onChange={(event) => change({ separator: event.target.value })}
              maxLength={2000}
              data-testid="option-join-separator"
            />
          </Field>
          <Hint>{t('steps.join.hint')}</Hint>
        </>
      );
  }
}
