import { memo, useEffect, useMemo, useState } from 'react';
import { loadLibraries, needsLibraries, renderMarkdown } from './markdown';
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

/** One Markdown block. Its text never changes once the next block has begun, so it renders once. */
const Block = memo(function Block({ source }: { source: string; version: number }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <div className="chat-block" dangerouslySetInnerHTML={{ __html: html }} />;
});

/**
 * An answer as Markdown blocks. While it streams, the finished blocks keep their elements (memo on
 * equal text) and only the last one is drawn again as deltas arrive: a long answer costs each frame
 * one small block, not the whole text.
 */
export function ChatAnswer({ text }: { text: string }) {
  const version = useLibraries(text);
  const blocks = useMemo(() => splitBlocks(text), [text]);
  return (
    <div className="chat-markdown">
      {blocks.map((block, index) => (
        <Block key={`${version}-${index}`} source={block} version={version} />
      ))}
    </div>
  );
}
