import './switch.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (next: boolean) => void;
  size?: 'default' | 'small';
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** antd's Switch: a button with role switch (switch.css has antd's track and handle), without antd's runtime. */
export function Switch({ checked, onChange, size = 'default', disabled = false, className, ...rest }: SwitchProps) {
  const classes = ['bb-toggle', size === 'small' && 'bb-toggle--small', checked && 'bb-toggle--checked', className];
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={classes.filter(Boolean).join(' ')}
      onClick={() => onChange(!checked)}
      {...rest}
    >
      <span className="bb-toggle__handle" />
    </button>
  );
}
