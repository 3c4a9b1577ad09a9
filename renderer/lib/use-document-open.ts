import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { OpenedFileRoute } from '@shared/contracts/opened-files';
import { platform } from '@/platform';

/** A viewer's one document: nothing yet, being read, refused with a message, or open. */
export type DocumentState<Doc> =
  { status: 'idle' } | { status: 'opening'; name: string } | { status: 'failed'; message: string } | { status: 'open'; doc: Doc };

/** What a viewer's worker answers: the document, or a failure code the page words itself. */
export type ReadOutcome<Value, Code extends string> = { ok: true; value: Value } | { ok: false; error: Code; detail?: string };

export interface DocumentOpenOptions<Value, Code extends string, Doc> {
  /** The route the desktop app hands files to when the system opens them with Baibao. */
  route: OpenedFileRoute;
  /** Before each file: a fresh worker (the old document's memory goes with the old one), the page's own state of the last document dropped. */
  reset: () => void;
  read: (file: File) => Promise<ReadOutcome<Value, Code>>;
  /** The open document; runs inside the transition that shows it, so it may set the page's own state too. */
  accept: (value: Value, file: File) => Doc;
  /** The message for a file the worker refused. */
  failure: (name: string, outcome: { ok: false; error: Code; detail?: string }) => string;
  /** The message for a read that threw (a crashed worker, most often). */
  thrown: (name: string, error: unknown) => string;
}

/**
 * Opening one file at a time in a document viewer (/psd, /sketch): the state the drop zone, spinner
 * and error show, and `open` for a picked or dropped file — also called with the files the desktop
 * app hands over.
 */
export function useDocumentOpen<Value, Code extends string, Doc>(
  options: DocumentOpenOptions<Value, Code, Doc>,
): { state: DocumentState<Doc>; open: (file: File) => Promise<void> } {
  const [state, setState] = useState<DocumentState<Doc>>({ status: 'idle' });
  // The latest callbacks (they close over the page's `t`): `open` itself stays the same function.
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  // Only the latest file's read may speak: the one it replaced ends with its worker, and would
  // otherwise say it crashed while the new file is read.
  const ticket = useRef(0);

  const open = useCallback(async (file: File) => {
    const { reset, read, accept, failure, thrown } = latest.current;
    const mine = ++ticket.current;
    reset();
    setState({ status: 'opening', name: file.name });
    try {
      const outcome = await read(file);
      if (mine !== ticket.current) return;
      if (!outcome.ok) {
        setState({ status: 'failed', message: failure(file.name, outcome) });
        return;
      }
      // A transition: a document with thousands of layers renders its panels in slices that yield to
      // the browser rather than in one long task.
      startTransition(() => setState({ status: 'open', doc: accept(outcome.value, file) }));
    } catch (error) {
      if (mine === ticket.current) setState({ status: 'failed', message: thrown(file.name, error) });
    }
  }, []);

  const { route } = options;
  useEffect(() => platform.openedFiles.subscribe(route, (files) => void open(files[0]!)), [route, open]);

  return { state, open };
}
