import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Button } from '@/components/Button';

/** A button that opens the file picker for one file (a font, a picture): no drop zone, no paste. */
export function FilePickButton({
  accept,
  onFile,
  icon,
  children,
  testId,
}: {
  accept: string;
  onFile: (file: File) => void;
  icon?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button icon={icon} onClick={() => input.current?.click()} data-testid={`${testId}-button`}>
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so picking the same file again (after fixing it) still reports a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
