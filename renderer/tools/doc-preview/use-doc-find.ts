import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { MAX_MATCHES, findMatches } from './find-text';
import { scrollToElement } from './scroll-to';

const ALL = 'doc-preview-find';
const CURRENT = 'doc-preview-find-current';

/** CSS Custom Highlights mark matches without touching the document's DOM (Chromium 105+, Safari 17.2+, Firefox 140+). */
const highlights = (): HighlightRegistry | undefined => (typeof CSS !== 'undefined' && 'highlights' in CSS ? CSS.highlights : undefined);

function textNodes(root: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeValue && !(node.parentElement && ['STYLE', 'SCRIPT'].includes(node.parentElement.tagName))
        ? NodeFilter.FILTER_ACCEPT
        : NodeFilter.FILTER_REJECT,
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

export interface DocFind {
  query: string;
  setQuery: (query: string) => void;
  total: number;
  /** 0-based index of the current match; -1 when there is none. */
  current: number;
  capped: boolean;
  step: (direction: 1 | -1) => void;
}

/**
 * The in-page find box: every match highlighted, the current one in another colour and scrolled to.
 * `version` changes when more of the document has been rendered, so matches on new pages count.
 */
export function useDocFind(root: RefObject<HTMLElement | null>, version: number): DocFind {
  const [query, setQuery] = useState('');
  const [ranges, setRanges] = useState<Range[]>([]);
  const [current, setCurrent] = useState(-1);
  const currentRef = useRef(-1);

  useEffect(() => {
    // Typing pauses before a search walks a long document.
    const timer = setTimeout(
      () => {
        const element = root.current;
        if (!element || !query.trim()) return setRanges([]);
        const nodes = textNodes(element);
        const found = findMatches(
          nodes.map((node) => node.data),
          query.trim(),
        ).map(({ start, end }) => {
          const range = document.createRange();
          range.setStart(nodes[start.piece]!, start.offset);
          range.setEnd(nodes[end.piece]!, end.offset);
          return range;
        });
        setRanges(found);
      },
      query.trim() ? 150 : 0,
    );
    return () => clearTimeout(timer);
  }, [root, query, version]);

  const show = useCallback(
    (index: number) => {
      currentRef.current = index;
      setCurrent(index);
      const registry = highlights();
      const range = ranges[index];
      if (registry) {
        registry.set(ALL, new Highlight(...ranges));
        if (range) registry.set(CURRENT, new Highlight(range));
        else registry.delete(CURRENT);
      }
      const target = range?.startContainer.parentElement;
      if (target) scrollToElement(target, 'center');
    },
    [ranges],
  );

  useEffect(() => {
    show(ranges.length ? Math.min(Math.max(currentRef.current, 0), ranges.length - 1) : -1);
  }, [ranges, show]);

  useEffect(
    () => () => {
      highlights()?.delete(ALL);
      highlights()?.delete(CURRENT);
    },
    [],
  );

  const step = (direction: 1 | -1) => {
    if (!ranges.length) return;
    show((currentRef.current + direction + ranges.length) % ranges.length);
  };

  const search = (next: string) => {
    currentRef.current = 0;
    setQuery(next);
  };

  return { query, setQuery: search, total: ranges.length, current, capped: ranges.length >= MAX_MATCHES, step };
}
