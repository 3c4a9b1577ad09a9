import { memo, useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnswerStream } from './answer-stream';
import { drawBlocks, loadLibraries, needsLibraries } from './markdown';
import { splitBlocks } from './chatgpt.service';

/** Bumped when KaTeX or highlight.js arrive, so blocks drawn without them are drawn once more. */
let libraryVersion = 0;
const listeners = new Set<() => void>();

function useLibraries(text: string): number {
  const [version, setVersion] = useState(libraryVersion);
  useEffect(() => {
    const update = () => setVersion(libraryVersion);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  useEffect(() => {
    if (!needsLibraries(text)) return;
    void loadLibraries(text).then((loaded) => {
      if (!loaded) return;
      libraryVersion += 1;
      for (const listener of listeners) listener();
    });
  }, [text]);
  return version;
}

const noStream = () => () => undefined;
const noText = () => '';

/** One Markdown block: its element is kept while its HTML stays the same. */
const Block = memo(function Block({ html }: { html: string }) {
  return <div className="chat-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

interface ChatAnswerProps {
  /** The answer's text once it is in the conversation. */
  text: string;
  /** While the answer streams: its text comes from here, and only this component re-renders. */
  stream?: AnswerStream;
  /** Shown while there is no text yet. */
  waiting?: string;
  /** Called after each draw (the page follows the answer down). Keep it stable. */
  onDraw?: () => void;
}

/**
 * An answer as Markdown blocks, drawn within a budget per frame (markdown.ts drawBlocks): finished
 * blocks are rendered once, only the streaming tail again, and a burst of text (or a long answer
 * opened at once) is drawn over several frames rather than in one long task. The same instance
 * draws the stream and then the stored answer, so the end of a stream redraws nothing.
 */
export const ChatAnswer = memo(function ChatAnswer({ text, stream, waiting, onDraw }: ChatAnswerProps) {
  const streamed = useSyncExternalStore(stream?.subscribe ?? noStream, stream?.text ?? noText);
  const source = stream ? streamed : text;
  const version = useLibraries(source);
  const blocks = useMemo(() => splitBlocks(source), [source]);
  const [round, setRound] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version and round ask for a new drawing of the same blocks
  const { html, behind } = useMemo(() => drawBlocks(blocks), [blocks, version, round]);

  useEffect(() => {
    if (!behind) return;
    const frame = requestAnimationFrame(() => setRound((value) => value + 1));
    return () => cancelAnimationFrame(frame);
  }, [behind, html]);

  useLayoutEffect(() => onDraw?.(), [html, onDraw]);

  if (!source) return waiting ? <p className="chat-thinking">{waiting}</p> : null;
  return (
    <div className="chat-markdown">
      {html.map((block, index) => (
        <Block key={index} html={block} />
      ))}
    </div>
  );
});
